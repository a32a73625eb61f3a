import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { updateUserInputSchema, type UpdateUserInput, type User } from '@refugio/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { getErrorMessage } from '../../../lib/get-error-message';
import { rolesQueryOptions } from '../api/roles';
import { useUpdateUser } from '../api/update-user';
import { pickChangedFields } from '../lib/pick-changed-fields';
import { getFullName } from '../lib/user-display';
import { useLastValue } from '../hooks/use-last-value';
import { UserAccessFields, UserNameFields } from './user-profile-fields';

type EditUserValues = z.input<typeof updateUserInputSchema>;
const fields = ['name', 'lastname', 'rol', 'permisos', 'color'] as const;

function EditUserForm({ user, isSelf, onClose, onSelfChanged }: Omit<EditUserModalProps, 'user'> & { user: User }) {
  const updateUser = useUpdateUser();
  // The organisation's roles (DESIGN section 21): with one, its capabilities decide instead of the role.
  const organizationRoles = useQuery(rolesQueryOptions);
  const [organizationRole, setOrganizationRole] = useState(user.rolOrganizacion ? String(user.rolOrganizacion.id) : '');
  const form = useForm<EditUserValues, unknown, UpdateUserInput>({
    resolver: zodResolver(updateUserInputSchema),
    defaultValues: {
      name: user.name,
      lastname: user.lastname,
      rol: user.rol || undefined,
      permisos: user.permisos,
      color: user.color,
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    const changes: UpdateUserInput = pickChangedFields(values, user);
    const chosen = organizationRole === '' ? null : Number(organizationRole);
    if (chosen !== (user.rolOrganizacion?.id ?? null)) changes.rolOrganizacion = chosen;
    // With a role of the organisation, it decides (and the built-in role is its base): the server refuses both at once.
    if (chosen !== null) delete changes.rol;
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    updateUser.mutate(
      { id: user.id, changes },
      {
        onSuccess: (updated) => {
          notifications.show({
            color: 'teal',
            title: 'Usuario actualizado',
            message: `Se guardaron los cambios de ${getFullName(updated)}.`,
          });
          if (isSelf) onSelfChanged();
          onClose();
        },
        onError: (error) => {
          if (setServerFieldErrors(error, fields, form.setError)) return;
          // E.g. demoting the last active administrator: the server's message says why.
          notifications.show({ color: 'red', title: 'No se pudieron guardar los cambios', message: getErrorMessage(error) });
        },
      },
    );
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Editar usuario">
        <Stack gap="md">
          <UserNameFields autoFocusName />
          <UserAccessFields />
          <Select
            label="Rol de la organización"
            description="Opcional. Con uno, la persona puede hacer lo que ese rol permite, en lugar de lo que dice su rol."
            data={[
              { value: '', label: 'Ninguno' },
              ...(organizationRoles.data ?? []).map((r) => ({ value: String(r.id), label: `${r.nombre} (basado en ${r.basadoEn})` })),
            ]}
            value={organizationRole}
            allowDeselect={false}
            onChange={(value) => setOrganizationRole(value ?? '')}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={updateUser.isPending}>
              Guardar cambios
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}

interface EditUserModalProps {
  /** The person being edited; null closes the modal. */
  user: User | null;
  isSelf: boolean;
  onClose: () => void;
  /** The administrator edited their own account: the header should show the new name and color. */
  onSelfChanged: () => void;
}

/** Editar: name, lastname, rol, permisos and color of one person. */
export function EditUserModal({ user, ...props }: EditUserModalProps) {
  // Keeps the form on screen while the modal fades out after `user` went back to null.
  const shown = useLastValue(user);
  return (
    <Modal opened={user !== null} onClose={props.onClose} title={shown ? `Editar a ${getFullName(shown)}` : 'Editar usuario'} size="lg">
      {shown ? <EditUserForm key={shown.id} user={shown} {...props} /> : null}
    </Modal>
  );
}
