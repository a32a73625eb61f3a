import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Breadcrumbs, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  DEFAULT_COLOR,
  DEFAULT_PERMISOS,
  DEFAULT_ROLE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  createUserInputSchema,
  userMessages,
  type CreateUserInput,
} from '@refugio/contracts';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useCreateUser } from '../api/create-user';
import { UserAccessFields, UserNameFields } from '../components/user-profile-fields';

type CreateUserValues = z.input<typeof createUserInputSchema>;
const fields = ['name', 'lastname', 'mail', 'password', 'rol', 'permisos', 'color'] as const;

/** AgregarUsuario (/usuarionuevo): an administrator opens an account for a member of the team. */
function AgregarUsuarioScreen() {
  const navigate = useNavigate();
  const createUser = useCreateUser();
  const form = useForm<CreateUserValues, unknown, CreateUserInput>({
    resolver: zodResolver(createUserInputSchema),
    defaultValues: {
      name: '',
      lastname: '',
      mail: '',
      password: '',
      rol: DEFAULT_ROLE,
      permisos: DEFAULT_PERMISOS,
      color: DEFAULT_COLOR,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((input) => {
    createUser.mutate(input, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: userMessages.created });
        void navigate('/lista');
      },
      onError: (error) => {
        // A duplicate e-mail or a too common password is shown under its field.
        if (setServerFieldErrors(error, fields, form.setError)) return;
        notifications.show({ color: 'red', title: 'No se pudo crear el usuario', message: getErrorMessage(error) });
      },
    });
  });

  return (
    <Stack gap="lg" maw={760}>
      <title>Agregar Usuario · Refugio Admin</title>
      <div>
        <Breadcrumbs mb="xs" separator="›">
          <Anchor component={Link} to="/lista" size="sm">
            Lista de Usuarios
          </Anchor>
          <Text size="sm" c="dimmed">
            Agregar Usuario
          </Text>
        </Breadcrumbs>
        <Title order={1} fz="h2">
          Agregar Usuario
        </Title>
        <Text c="dimmed">Crea una cuenta para una persona del equipo.</Text>
      </div>

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <FormProvider {...form}>
          <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Agregar usuario">
            <Stack gap="md">
              <UserNameFields />
              <TextInput
                label="Correo electrónico"
                type="email"
                inputMode="email"
                autoComplete="off"
                placeholder="nombre@refugio.org"
                required
                error={errors.mail?.message}
                {...form.register('mail')}
              />
              <PasswordInput
                label="Contraseña"
                description={`Entre ${PASSWORD_MIN_LENGTH} y ${PASSWORD_MAX_LENGTH} caracteres. Es temporal: la persona deberá cambiarla la primera vez que inicie sesión.`}
                autoComplete="new-password"
                required
                visibilityToggleButtonProps={{ 'aria-label': 'Mostrar lo escrito' }}
                error={errors.password?.message}
                {...form.register('password')}
              />
              <UserAccessFields />
              <Group justify="flex-end" gap="sm" mt="sm">
                <Button component={Link} to="/lista" variant="default">
                  Cancelar
                </Button>
                <Button type="submit" loading={createUser.isPending}>
                  Crear usuario
                </Button>
              </Group>
            </Stack>
          </form>
        </FormProvider>
      </Paper>
    </Stack>
  );
}

export { AgregarUsuarioScreen as Component };
