import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import type { User } from '@refugio/contracts';
import { notifications } from '@mantine/notifications';
import { IconDots, IconKey, IconPencil, IconPlayerPlay, IconShieldOff, IconTrash, IconUserOff } from '@tabler/icons-react';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useResetTwoFactor } from '../api/reset-two-factor';
import { getFullName } from '../lib/user-display';

export interface UserActions {
  onEdit: (user: User) => void;
  onResetPassword: (user: User) => void;
  onDisable: (user: User) => void;
  onEnable: (user: User) => void;
  onDelete: (user: User) => void;
}

interface UserActionsMenuProps extends UserActions {
  user: User;
  /** The signed-in administrator's own row: no disabling, deleting or resetting themself from here. */
  isSelf: boolean;
}

/** The actions of one row of the user list. */
export function UserActionsMenu({ user, isSelf, onEdit, onResetPassword, onDisable, onEnable, onDelete }: UserActionsMenuProps) {
  const resetTwoFactor = useResetTwoFactor();
  const onResetTwoFactor = () =>
    resetTwoFactor.mutate(user.id, {
      onSuccess: () => notifications.show({ color: 'teal', message: `Se restableció la verificación en dos pasos de ${getFullName(user)}.` }),
      onError: (error) => notifications.show({ color: 'red', message: getErrorMessage(error) }),
    });
  return (
    <Menu position="bottom-end" withArrow shadow="md" width={230}>
      <Menu.Target>
        <Tooltip label="Acciones">
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Acciones de ${getFullName(user)}`}>
            <IconDots size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={() => onEdit(user)}>
          Editar
        </Menu.Item>
        {/* Your own password is changed at /cambiar-contrasena: a reset here would end your own session. */}
        {isSelf ? null : (
          <Menu.Item leftSection={<IconKey size={16} aria-hidden="true" />} onClick={() => onResetPassword(user)}>
            Restablecer contraseña
          </Menu.Item>
        )}
        {/* A lost phone: the person enrols again at the next sign-in. */}
        {isSelf || !user.twoFactorEnabled ? null : (
          <Menu.Item leftSection={<IconShieldOff size={16} aria-hidden="true" />} onClick={onResetTwoFactor}>
            Restablecer dos pasos
          </Menu.Item>
        )}
        {isSelf ? null : (
          <>
            <Menu.Divider />
            {user.disabled ? (
              <Menu.Item leftSection={<IconPlayerPlay size={16} aria-hidden="true" />} onClick={() => onEnable(user)}>
                Reactivar
              </Menu.Item>
            ) : (
              <Menu.Item c="orange" leftSection={<IconUserOff size={16} aria-hidden="true" />} onClick={() => onDisable(user)}>
                Desactivar
              </Menu.Item>
            )}
            <Menu.Item c="red" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={() => onDelete(user)}>
              Eliminar
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
