import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { User } from '@refugio/contracts';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useDeleteUser } from '../api/delete-user';
import { useDisableUser } from '../api/disable-user';
import { useEnableUser } from '../api/enable-user';
import { getFullName } from '../lib/user-display';

function showFailure(title: string, error: unknown) {
  // The server's message says why, e.g. "es el último administrador activo".
  notifications.show({ color: 'red', title, message: getErrorMessage(error) });
}

function confirmText(user: User, consequence: string) {
  return (
    <Text size="sm">
      <strong>{getFullName(user)}</strong> ({user.mail}). {consequence}
    </Text>
  );
}

/** Desactivar, Reactivar and Eliminar: the destructive ones ask first, naming the person; all end in a toast. */
export function useAccountActions() {
  const disableUser = useDisableUser();
  const enableUser = useEnableUser();
  const deleteUser = useDeleteUser();

  const onDisable = (user: User) => {
    const fullName = getFullName(user);
    modals.openConfirmModal({
      title: `¿Desactivar a ${fullName}?`,
      children: confirmText(user, 'No podrá iniciar sesión y sus sesiones abiertas se cerrarán al instante. Podrás reactivar la cuenta más tarde.'),
      labels: { confirm: 'Desactivar', cancel: 'Cancelar' },
      confirmProps: { color: 'orange' },
      onConfirm: () =>
        disableUser.mutate(user.id, {
          onSuccess: () =>
            notifications.show({
              color: 'teal',
              title: 'Usuario desactivado',
              message: `${fullName} ya no puede iniciar sesión.`,
            }),
          onError: (error) => showFailure('No se pudo desactivar al usuario', error),
        }),
    });
  };

  const onEnable = (user: User) =>
    enableUser.mutate(user.id, {
      onSuccess: () =>
        notifications.show({
          color: 'teal',
          title: 'Usuario reactivado',
          message: `${getFullName(user)} puede volver a iniciar sesión.`,
        }),
      onError: (error) => showFailure('No se pudo reactivar al usuario', error),
    });

  const onDelete = (user: User) => {
    const fullName = getFullName(user);
    modals.openConfirmModal({
      title: `¿Eliminar a ${fullName}?`,
      children: confirmText(user, 'Su cuenta se eliminará para siempre: esta acción no se puede deshacer.'),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deleteUser.mutate(user.id, {
          onSuccess: () => notifications.show({ color: 'teal', title: 'Usuario eliminado', message: `Se eliminó la cuenta de ${fullName}.` }),
          onError: (error) => showFailure('No se pudo eliminar al usuario', error),
        }),
    });
  };

  return { onDisable, onEnable, onDelete };
}
