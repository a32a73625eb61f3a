import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { IconKey, IconShieldOff } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { getErrorMessage } from '../../../lib/get-error-message';
import { getSession, sessionQueryKey } from '../../../lib/session';
import { disableTwoFactor, generateBackupCodes } from '../api/two-factor';
import { BackupCodes } from './backup-codes';

const toggleProps = { 'aria-label': 'Mostrar lo escrito' };

type Action = 'codigos' | 'desactivar';

const dialogs: Record<Action, { title: string; text: string; confirm: string; color?: string; form: string }> = {
  codigos: {
    title: 'Generar códigos de respaldo nuevos',
    text: 'Los códigos de respaldo que tienes ahora dejarán de servir. Escribe tu contraseña para confirmar.',
    confirm: 'Generar códigos nuevos',
    form: 'Confirmar los códigos nuevos',
  },
  desactivar: {
    title: 'Desactivar la verificación en dos pasos',
    text: 'Al entrar solo se pedirá la contraseña, y tus códigos de respaldo dejarán de servir. Escribe tu contraseña para confirmar.',
    confirm: 'Desactivar',
    color: 'red',
    form: 'Confirmar la desactivación',
  },
};

/**
 * With the second step on: new backup codes (shown once, to copy or download) and turning it off, each confirmed in
 * a dialog with the password. The server refuses turning it off to a role that must have it, and writes each change
 * in the history.
 */
export function TwoFactorManagement({ onDisabled }: { onDisabled: () => void }) {
  const queryClient = useQueryClient();
  const [action, setAction] = useState<Action | null>(null);
  const [password, setPassword] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const close = () => {
    setAction(null);
    setPassword('');
    renew.reset();
    disable.reset();
  };
  const renew = useMutation({
    mutationFn: generateBackupCodes,
    onSuccess: (fresh) => {
      setCodes(fresh);
      close();
    },
  });
  const disable = useMutation({
    mutationFn: async (value: string) => {
      await disableTwoFactor(value);
      return getSession();
    },
    onSuccess: (next) => {
      close();
      queryClient.setQueryData(sessionQueryKey, next);
      onDisabled();
    },
  });
  const pending = renew.isPending || disable.isPending;
  const failed = action === 'codigos' ? renew : disable;
  const dialog = action ? dialogs[action] : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '' || pending || !action) return;
    if (action === 'codigos') renew.mutate(password);
    else disable.mutate(password);
  };

  return (
    <Stack gap="md">
      {codes ? (
        <Alert variant="light" color="teal" title="Códigos de respaldo nuevos">
          <Stack gap="sm">
            <Text size="sm">Guárdalos ahora en un lugar seguro: no se volverán a mostrar. Cada uno sirve una vez; los anteriores ya no sirven.</Text>
            <BackupCodes codes={codes} />
          </Stack>
        </Alert>
      ) : null}
      <Group gap="sm">
        <Button variant="light" leftSection={<IconKey size={18} aria-hidden="true" />} onClick={() => setAction('codigos')}>
          Generar códigos de respaldo nuevos
        </Button>
        <Button variant="light" color="red" leftSection={<IconShieldOff size={18} aria-hidden="true" />} onClick={() => setAction('desactivar')}>
          Desactivar
        </Button>
      </Group>
      <Modal opened={dialog !== null} onClose={close} title={dialog?.title ?? ''}>
        {dialog ? (
          <form noValidate onSubmit={submit} aria-label={dialog.form}>
            <Stack gap="md">
              <Text size="sm">{dialog.text}</Text>
              {failed.isError ? (
                <Alert variant="light" color="red" role="alert">
                  {getErrorMessage(failed.error)}
                </Alert>
              ) : null}
              <PasswordInput
                label="Contraseña actual"
                autoComplete="current-password"
                required
                data-autofocus
                visibilityToggleButtonProps={toggleProps}
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
              />
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={close}>
                  Cancelar
                </Button>
                <Button type="submit" color={dialog.color} loading={pending}>
                  {dialog.confirm}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
      </Modal>
    </Stack>
  );
}
