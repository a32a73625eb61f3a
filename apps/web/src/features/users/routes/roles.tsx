import { Alert, Badge, Button, Checkbox, Group, Modal, Paper, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type Capability,
  ORGANIZATION_ROLE_CAPABILITIES,
  ORGANIZATION_ROLE_NAME_MAX_LENGTH,
  type OrganizationRole,
  ROLES,
  type Rol,
  capabilityDescriptions,
  countLabel,
  organizationRoleMessages,
  roleDescriptions,
  startingCapabilities,
} from '@refugio/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { ApiError } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/get-error-message';
import { rolesQueryOptions, useCreateRole, useDeleteRole, useUpdateRole } from '../api/roles';

interface Draft {
  nombre: string;
  basadoEn: Rol;
  capacidades: Capability[];
  enmascarar: boolean;
}

const newDraft = (basadoEn: Rol = 'Equipo'): Draft => ({
  nombre: '',
  basadoEn,
  capacidades: startingCapabilities(basadoEn),
  enmascarar: basadoEn === 'Voluntariado',
});

/** The server's reason, field by field when it gave them (the capability it refused, the name taken). */
function errorText(error: unknown): string {
  if (error instanceof ApiError && error.fieldErrors) {
    const reasons = Object.values(error.fieldErrors);
    if (reasons.length > 0) return reasons.join(' ');
  }
  return getErrorMessage(error);
}

/** The form of a role: its name, the role it starts from (new roles only), its capabilities and its masking. */
function RoleForm({
  draft,
  onChange,
  isNew,
  error,
  pending,
  onSubmit,
  onCancel,
}: {
  draft: Draft;
  onChange: (draft: Draft) => void;
  isNew: boolean;
  error: string | null;
  pending: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const legendId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const toggle = (capability: Capability, on: boolean) =>
    onChange({
      ...draft,
      capacidades: ORGANIZATION_ROLE_CAPABILITIES.filter((c) => c === 'cuenta' || (c === capability ? on : draft.capacidades.includes(c))),
    });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {error ? (
          <Alert color="red" role="alert" title="No se ha guardado">
            {error}
          </Alert>
        ) : null}
        <TextInput
          label="Nombre del rol"
          required
          maxLength={ORGANIZATION_ROLE_NAME_MAX_LENGTH}
          value={draft.nombre}
          onChange={(e) => onChange({ ...draft, nombre: e.currentTarget.value })}
        />
        {isNew ? (
          <Select
            label="Basado en"
            description="Las capacidades empiezan siendo las de este rol; después puedes añadir o quitar."
            data={ROLES.map((r) => ({ value: r, label: r }))}
            value={draft.basadoEn}
            allowDeselect={false}
            onChange={(value) => value && onChange({ ...newDraft(value), nombre: draft.nombre })}
          />
        ) : (
          <Text size="sm">
            Basado en <strong>{draft.basadoEn}</strong>
          </Text>
        )}
        <fieldset aria-labelledby={legendId} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <Text id={legendId} component="legend" fw={600} mb="xs">
            Capacidades
          </Text>
          <Stack gap="xs">
            {ORGANIZATION_ROLE_CAPABILITIES.map((capability) => (
              <Checkbox
                key={capability}
                label={capability}
                description={capability === 'cuenta' ? `${capabilityDescriptions.cuenta} Siempre incluida.` : capabilityDescriptions[capability]}
                checked={capability === 'cuenta' || draft.capacidades.includes(capability)}
                disabled={capability === 'cuenta'}
                onChange={(e) => toggle(capability, e.currentTarget.checked)}
              />
            ))}
          </Stack>
          <Text size="sm" c="dimmed" mt="xs">
            Los usuarios, la configuración, los roles, el registro de auditoría y la exportación RGPD son solo del rol Administrador.
          </Text>
        </fieldset>
        <Switch
          label="Ocultar los datos personales"
          description="Ve el documento, la dirección y el teléfono de las personas como ***, como Voluntariado."
          checked={draft.enmascarar}
          onChange={(e) => onChange({ ...draft, enmascarar: e.currentTarget.checked })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" loading={pending}>
            {isNew ? 'Crear rol' : 'Guardar'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type Editing = { kind: 'new'; draft: Draft } | { kind: 'edit'; role: OrganizationRole; draft: Draft };

/** «Roles de la organización» (DESIGN section 21): administrators create roles from the six and choose what they may do. */
export function RolesScreen() {
  const roles = useQuery(rolesQueryOptions);
  const create = useCreateRole();
  const update = useUpdateRole();
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<OrganizationRole | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const close = () => {
    setEditing(null);
    setError(null);
  };
  const save = () => {
    if (!editing) return;
    if (editing.draft.nombre.trim() === '') return setError(organizationRoleMessages.nameRequired);
    const { nombre, basadoEn, capacidades, enmascarar } = editing.draft;
    const done = (message: string) => {
      notifications.show({ color: 'green', message });
      close();
    };
    const failed = (e: unknown) => setError(errorText(e));
    if (editing.kind === 'new')
      create.mutate({ nombre, basadoEn, capacidades, enmascarar }, { onSuccess: () => done(organizationRoleMessages.created), onError: failed });
    else
      update.mutate(
        { id: editing.role.id, input: { nombre, capacidades, enmascarar, version: editing.role.version } },
        { onSuccess: () => done(organizationRoleMessages.saved), onError: failed },
      );
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: organizationRoleMessages.deleted });
        setDeleting(null);
        setDeleteError(null);
      },
      onError: (e) => setDeleteError(errorText(e)),
    });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="h2">
          Roles de la organización
        </Title>
        <Button onClick={() => setEditing({ kind: 'new', draft: newDraft() })}>Nuevo rol</Button>
      </Group>
      <Text>
        Además de los seis roles del sistema, que no cambian, la organización puede crear los suyos a partir de uno de ellos, con capacidades añadidas
        o quitadas. Se asignan en la lista de usuarios; un cambio llega a las sesiones abiertas en unos segundos.
      </Text>
      {roles.isPending ? (
        <ListLoading label="Cargando los roles…" />
      ) : roles.isError ? (
        <ListLoadError title="No se han podido cargar los roles" onRetry={() => void roles.refetch()}>
          {getErrorMessage(roles.error)}
        </ListLoadError>
      ) : roles.data.length === 0 ? (
        <Text c="dimmed">Todavía no hay roles de la organización.</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {roles.data.map((role) => (
            <Paper key={role.id} component="li" withBorder p="md" radius="md">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                <Stack gap={4} style={{ flex: '1 1 14rem', minWidth: 0 }}>
                  <Title order={2} fz="h4">
                    {role.nombre}
                  </Title>
                  <Text size="sm">
                    Basado en {role.basadoEn} · {countLabel(role.usuarios, 'usuario', 'usuarios')}
                    {role.enmascarar ? ' · datos personales ocultos' : ''}
                  </Text>
                  <Group gap={6} aria-label={`Capacidades de ${role.nombre}`}>
                    {role.capacidades.map((c) => (
                      <Badge key={c} variant="light" color="gray" tt="none">
                        {c}
                      </Badge>
                    ))}
                  </Group>
                </Stack>
                <Group gap="xs">
                  <Button
                    variant="default"
                    aria-label={`Editar ${role.nombre}`}
                    onClick={() =>
                      setEditing({
                        kind: 'edit',
                        role,
                        draft: {
                          nombre: role.nombre,
                          basadoEn: role.basadoEn,
                          capacidades: role.capacidades as Capability[],
                          enmascarar: role.enmascarar,
                        },
                      })
                    }
                  >
                    Editar
                  </Button>
                  <Button variant="outline" color="red" aria-label={`Eliminar ${role.nombre}`} onClick={() => setDeleting(role)}>
                    Eliminar
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <Modal
        opened={editing !== null}
        onClose={close}
        title={editing?.kind === 'edit' ? `Editar el rol ${editing.role.nombre}` : 'Nuevo rol'}
        size="lg"
      >
        {editing ? (
          <RoleForm
            draft={editing.draft}
            isNew={editing.kind === 'new'}
            error={error}
            pending={create.isPending || update.isPending}
            onChange={(draft) => setEditing({ ...editing, draft })}
            onSubmit={save}
            onCancel={close}
          />
        ) : null}
      </Modal>
      <Modal
        opened={deleting !== null}
        onClose={() => {
          setDeleting(null);
          setDeleteError(null);
        }}
        title="Eliminar el rol"
      >
        <Stack gap="md">
          {deleteError ? (
            <Alert color="red" role="alert">
              {deleteError}
            </Alert>
          ) : null}
          <Text>¿Eliminar el rol «{deleting?.nombre}»? Solo se puede mientras ningún usuario lo tenga.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Cancelar
            </Button>
            <Button color="red" loading={remove.isPending} onClick={confirmDelete}>
              Eliminar
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Text size="sm" c="dimmed">
        Los roles del sistema: {ROLES.map((r) => `${r} (${roleDescriptions[r].replace(/\.$/, '').toLowerCase()})`).join('; ')}.
      </Text>
    </Stack>
  );
}

export { RolesScreen as Component };
