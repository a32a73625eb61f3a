import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, messages } from '@refugio/contracts';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { SimplePage } from '../../../components/ui/simple-page';
import { ApiError } from '../../../lib/api-client';
import { pickFieldErrors } from '../../../lib/form-errors';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useChangePassword } from '../api/change-password';
import { useSession } from '../../../lib/session';
import { useSignOut } from '../api/sign-out';
import { afterPasswordChange } from '../lib/after-password-change';
import { changePasswordFormSchema, type ChangePasswordFormValues } from '../lib/change-password-form';

type ServerField = 'currentPassword' | 'newPassword';
const serverFields: readonly ServerField[] = ['currentPassword', 'newPassword'];

/** What a failed change says about the fields: a wrong current password, or the server's verdict on the new one. */
function getFieldErrors(error: unknown): Partial<Record<ServerField, string>> {
  if (error instanceof ApiError && error.code === 'INVALID_CREDENTIALS') return { currentPassword: error.message };
  return pickFieldErrors(error, serverFields);
}

// A toggle (aria-pressed) named without the word "contraseña", so each field's label stays unique.
const toggleProps = { 'aria-label': 'Mostrar lo escrito' };

/**
 * /cambiar-contrasena, in the simple layout. The guard sends here anyone whose password is temporary
 * (chosen by an administrator) before any other screen; anyone signed in may also change theirs here.
 */
function CambiarContrasenaScreen() {
  const { data: session } = useSession();
  const navigate = useNavigate();
  const changePassword = useChangePassword();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const form = useForm<ChangePasswordFormValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  // The route's loader requires a session; this keeps that true if it ends while the page is open.
  if (!session) return <Navigate to="/login" replace />;
  const mustChange = session.user.mustChangePassword;

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) => {
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          // Shown by the main layout, which mounts the toasts, once it has opened.
          notifications.show({ color: 'teal', message: 'Tu contraseña se cambió correctamente.' });
          void afterPasswordChange(queryClient, mustChange ? session.user.role : undefined).then((to) => navigate(to, { replace: true }));
        },
        onError: (error) => {
          const entries = Object.entries(getFieldErrors(error)) as [ServerField, string][];
          entries.forEach(([field, message], index) => form.setError(field, { type: 'server', message }, { shouldFocus: index === 0 }));
        },
      },
    );
  });

  // Errors that belong to a field are shown under it; anything else (rate limit, network...) up here.
  const generalError =
    changePassword.isError && Object.keys(getFieldErrors(changePassword.error)).length === 0 ? getErrorMessage(changePassword.error) : null;

  return (
    <SimplePage>
      <title>Cambiar contraseña · Refugio Admin</title>
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={480} mx="auto">
        <Stack gap="lg">
          <div>
            <Title order={1} fz="h2">
              Cambiar contraseña
            </Title>
            <Text c="dimmed" mt={4}>
              {mustChange
                ? 'Tu contraseña es temporal: la eligió un administrador. Elige una nueva para continuar.'
                : 'Elige una contraseña nueva para tu cuenta.'}
            </Text>
          </div>
          {mustChange ? (
            <Alert variant="light" color="yellow" icon={<IconLock size={20} aria-hidden="true" />}>
              Hasta que la cambies no podrás usar el panel.
            </Alert>
          ) : null}
          {generalError ? (
            <Alert variant="light" color="red" icon={<IconAlertCircle size={20} aria-hidden="true" />} title="No se pudo cambiar la contraseña">
              {generalError}
            </Alert>
          ) : null}
          {signOut.isError ? (
            <Alert variant="light" color="red" title="No se pudo cerrar la sesión">
              {getErrorMessage(signOut.error)}
            </Alert>
          ) : null}
          <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Cambiar contraseña">
            <Stack gap="md">
              <PasswordInput
                label="Contraseña actual"
                description={mustChange ? 'La contraseña temporal con la que acabas de entrar.' : undefined}
                autoComplete="current-password"
                required
                visibilityToggleButtonProps={toggleProps}
                error={errors.currentPassword?.message}
                {...form.register('currentPassword')}
              />
              <PasswordInput
                label="Nueva contraseña"
                description={`Entre ${PASSWORD_MIN_LENGTH} y ${PASSWORD_MAX_LENGTH} caracteres. Una frase fácil de recordar es una buena opción.`}
                autoComplete="new-password"
                required
                visibilityToggleButtonProps={toggleProps}
                error={errors.newPassword?.message}
                {...form.register('newPassword')}
              />
              <PasswordInput
                label="Repite la nueva contraseña"
                autoComplete="new-password"
                required
                visibilityToggleButtonProps={toggleProps}
                error={errors.confirmPassword?.message}
                {...form.register('confirmPassword')}
              />
              <Button type="submit" size="md" mt="xs" loading={changePassword.isPending}>
                Cambiar contraseña
              </Button>
              <Group justify="center">
                {mustChange ? (
                  <Button variant="subtle" color="gray" loading={signOut.isPending} onClick={() => signOut.mutate()}>
                    {messages.app.signOut}
                  </Button>
                ) : (
                  <Button component={Link} to="/" variant="subtle" color="gray">
                    Cancelar
                  </Button>
                )}
              </Group>
            </Stack>
          </form>
        </Stack>
      </Paper>
    </SimplePage>
  );
}

export { CambiarContrasenaScreen as Component };
