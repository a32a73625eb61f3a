import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, resetPasswordInputSchema, type User } from '@refugio/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useResetUserPassword } from '../api/reset-password';
import { useLastValue } from '../hooks/use-last-value';
import { getFullName } from '../lib/user-display';

type ResetPasswordValues = z.input<typeof resetPasswordInputSchema>;

function ResetPasswordForm({ user, onClose }: { user: User; onClose: () => void }) {
  const resetPassword = useResetUserPassword();
  const form = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordInputSchema),
    defaultValues: { password: '' },
  });
  const fullName = getFullName(user);

  const onSubmit = form.handleSubmit(({ password }) => {
    resetPassword.mutate(
      { id: user.id, password },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            title: 'Contraseña restablecida',
            message: `${fullName} deberá elegir una contraseña nueva la próxima vez que inicie sesión.`,
          });
          onClose();
        },
        onError: (error) => {
          if (setServerFieldErrors(error, ['password'], form.setError)) return;
          notifications.show({ color: 'red', title: 'No se pudo restablecer la contraseña', message: getErrorMessage(error) });
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Restablecer contraseña">
      <Stack gap="md">
        <Text size="sm">
          Escribe una contraseña temporal para <strong>{fullName}</strong> ({user.mail}). Sus sesiones abiertas se cerrarán y tendrá que elegir una
          contraseña nueva la próxima vez que inicie sesión.
        </Text>
        <PasswordInput
          label="Contraseña temporal"
          description={`Entre ${PASSWORD_MIN_LENGTH} y ${PASSWORD_MAX_LENGTH} caracteres. Compártela con la persona por un canal seguro.`}
          autoComplete="new-password"
          required
          data-autofocus
          visibilityToggleButtonProps={{ 'aria-label': 'Mostrar lo escrito' }}
          error={form.formState.errors.password?.message}
          {...form.register('password')}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" color="orange" loading={resetPassword.isPending}>
            Restablecer contraseña
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Restablecer contraseña: an administrator sets a temporary password for someone who lost theirs. */
export function ResetPasswordModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const shown = useLastValue(user);
  return (
    <Modal opened={user !== null} onClose={onClose} title="Restablecer contraseña">
      {shown ? <ResetPasswordForm key={shown.id} user={shown} onClose={onClose} /> : null}
    </Modal>
  );
}
