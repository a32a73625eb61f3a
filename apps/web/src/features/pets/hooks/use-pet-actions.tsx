import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { PetListItem } from '@refugio/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useDeletePet } from '../api/delete-pet';
import { petsQueryKey } from '../api/pets-query-key';
import { restorePet } from '../api/restore-pet';
import { useSetPetAdopted } from '../api/set-pet-adopted';

const UNDO_WINDOW_MS = 10_000;

export interface PetActions {
  onToggleAdopted: (pet: PetListItem) => void;
  onDelete: (pet: PetListItem) => void;
  onRestore: (pet: PetListItem) => void;
  /** The pet whose adoption change is being saved, if any. */
  pendingAdoptedId: number | null;
}

/** Mark adopted / not adopted, delete (with confirmation and 'Deshacer'), and restore. */
export function usePetActions(): PetActions {
  const queryClient = useQueryClient();
  const setAdopted = useSetPetAdopted();
  const deletePet = useDeletePet();

  // Plain calls rather than a mutation hook: the toast's 'Deshacer' may be clicked after leaving the list.
  const restore = (pet: PetListItem, notificationId?: string) =>
    restorePet(pet.id)
      .then(() => {
        if (notificationId) notifications.hide(notificationId);
        notifications.show({ color: 'teal', title: 'Mascota restaurada', message: `${pet.nombre} vuelve a estar en la lista.` });
      })
      .catch((error: unknown) => {
        notifications.show({ color: 'red', title: 'No se pudo restaurar la mascota', message: getErrorMessage(error) });
      })
      .finally(() => void queryClient.invalidateQueries({ queryKey: petsQueryKey }));

  const onToggleAdopted = (pet: PetListItem) => {
    const adoptado = pet.adoptado === '1' ? '0' : '1';
    setAdopted.mutate(
      { id: pet.id, adoptado, version: pet.version },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            title: adoptado === '1' ? 'Marcada como adoptada' : 'Marcada como en adopción',
            message: adoptado === '1' ? `${pet.nombre} figura ahora como adoptado.` : `${pet.nombre} vuelve a estar en adopción.`,
          }),
        // A 409 says someone else changed the pet: the list is refreshed with the newer data.
        onError: (error) => notifications.show({ color: 'red', title: 'No se pudo cambiar la adopción', message: getErrorMessage(error) }),
      },
    );
  };

  const onDelete = (pet: PetListItem) => {
    modals.openConfirmModal({
      title: `¿Eliminar a ${pet.nombre}?`,
      centered: true,
      children: (
        <Text size="sm">
          La mascota dejará de aparecer en la lista y en el catálogo público. Podrás deshacerlo desde el aviso que aparecerá a continuación.
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deletePet.mutate(pet.id, {
          onSuccess: () => {
            const id = `pet-deleted-${pet.id}-${Date.now()}`;
            notifications.show({
              id,
              color: 'teal',
              title: 'Mascota eliminada',
              autoClose: UNDO_WINDOW_MS,
              message: (
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm">Se eliminó a {pet.nombre}.</Text>
                  <Button size="compact-sm" variant="light" onClick={() => void restore(pet, id)}>
                    Deshacer
                  </Button>
                </Group>
              ),
            });
          },
          onError: (error) => notifications.show({ color: 'red', title: 'No se pudo eliminar la mascota', message: getErrorMessage(error) }),
        }),
    });
  };

  return {
    onToggleAdopted,
    onDelete,
    onRestore: (pet) => void restore(pet),
    pendingAdoptedId: setAdopted.isPending ? setAdopted.variables.id : null,
  };
}
