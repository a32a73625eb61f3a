import { Button, Group, Paper, Select, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { type User, countLabel } from '@refugio/contracts';
import { IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { ListSearchInput } from '../../../components/ui/list-search-input';
import { useAddressParams } from '../../../lib/use-address-params';
import { useUrlSearch } from '../../../lib/use-url-search';
import { useUsers } from '../api/list-users';
import { EditUserModal } from '../components/edit-user-modal';
import { ResetPasswordModal } from '../components/reset-password-modal';
import { UserCards } from '../components/user-cards';
import { UsersTable } from '../components/users-table';
import { useAccountActions } from '../hooks/use-account-actions';
import { useCurrentUser } from '../hooks/use-current-user';
import { getUsersErrorMessage } from '../lib/get-users-error-message';
import { isCurrentUser } from '../lib/user-display';
import {
  fromSortValue,
  readUsersListParams,
  toSortValue,
  toggleSort,
  writeUsersListParams,
  type SortValue,
  type UserSortField,
  type UsersListParams,
} from '../lib/users-list-params';

/** On phones there are no column headers to click: one menu sets the column and the order. */
const sortOptions: { value: SortValue; label: string }[] = [
  { value: 'name:asc', label: 'Nombre (A-Z)' },
  { value: 'name:desc', label: 'Nombre (Z-A)' },
  { value: 'mail:asc', label: 'Correo electrónico (A-Z)' },
  { value: 'mail:desc', label: 'Correo electrónico (Z-A)' },
  { value: 'rol:asc', label: 'Rol (administradores primero)' },
  { value: 'rol:desc', label: 'Rol (equipo primero)' },
  { value: 'createdAt:desc', label: 'Más recientes primero' },
  { value: 'createdAt:asc', label: 'Más antiguos primero' },
];

function EmptyState({ query, onClear }: { query: string; onClear: () => void }) {
  return (
    <Stack align="center" gap="xs" py={48} px="md" ta="center">
      <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden="true">
        <IconUsers size={24} />
      </ThemeIcon>
      {query ? (
        <>
          <Text fw={600}>No hay usuarios que coincidan con «{query}».</Text>
          <Text c="dimmed" size="sm">
            Prueba con otro nombre, apellido o correo electrónico.
          </Text>
          <Button variant="light" mt="xs" onClick={onClear}>
            Limpiar búsqueda
          </Button>
        </>
      ) : (
        <Text fw={600}>Todavía no hay usuarios.</Text>
      )}
    </Stack>
  );
}

/** Lista (/lista): the staff accounts, for administrators. */
function ListaScreen() {
  const currentUser = useCurrentUser();
  const [searchParams, updateAddress] = useAddressParams();
  const params = readUsersListParams(searchParams);
  const users = useUsers(params);
  const accountActions = useAccountActions();
  const [editing, setEditing] = useState<User | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);

  const updateParams = (changes: Partial<UsersListParams>) =>
    updateAddress((current) => writeUsersListParams(current, changes), { replace: true, preventScrollReset: true });
  const search = useUrlSearch(params.q, (q) => updateParams({ q }));
  // "/" jumps to the search box (not while typing in a field: Mantine's useHotkeys ignores inputs).
  const searchRef = useRef<HTMLInputElement>(null);
  useHotkeys([['/', () => searchRef.current?.focus()]]);
  const clearSearch = () => {
    search.reset();
    updateParams({ q: '' });
  };
  const sortBy = (field: UserSortField) => updateParams(toggleSort(params, field));

  const data = users.data;
  const query = params.q.trim();
  const listViewProps = {
    currentEmail: currentUser.email,
    onEdit: setEditing,
    onResetPassword: setResetting,
    ...accountActions,
  };

  return (
    <Stack gap="lg">
      <title>Lista de Usuarios · Refugio Admin</title>
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1} fz="h2">
            Lista de Usuarios
          </Title>
          <Text c="dimmed">Las cuentas del equipo del refugio y lo que cada persona puede hacer.</Text>
        </div>
        <Button component={Link} to="/usuarionuevo" leftSection={<IconUserPlus size={18} aria-hidden="true" />}>
          Nuevo usuario
        </Button>
      </Group>

      <Paper withBorder radius="md">
        <Group p="md" gap="md" justify="space-between" wrap="wrap">
          <ListSearchInput
            ref={searchRef}
            aria-label="Buscar usuarios"
            aria-keyshortcuts="/"
            placeholder="Buscar por nombre, apellido o correo"
            search={search}
            busy={users.isFetching && data !== undefined}
            onClear={() => updateParams({ q: '' })}
            w={{ base: '100%', sm: 360 }}
          />
          <Select
            hiddenFrom="sm"
            w="100%"
            label="Ordenar por"
            data={sortOptions}
            allowDeselect={false}
            value={toSortValue(params)}
            onChange={(value) => value && updateParams(fromSortValue(value))}
          />
          {data ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {countLabel(data.total, 'usuario', 'usuarios')}
            </Text>
          ) : null}
        </Group>

        {users.isError ? <ListLoadError title={getUsersErrorMessage(users.error)} onRetry={() => void users.refetch()} /> : null}

        {users.isPending ? <ListLoading label="Cargando usuarios..." /> : null}

        {data && data.items.length === 0 ? <EmptyState query={query} onClear={clearSearch} /> : null}
        {data && data.items.length > 0 ? (
          <>
            <UsersTable users={data.items} sort={params} onSort={sortBy} {...listViewProps} />
            <UserCards users={data.items} {...listViewProps} />
          </>
        ) : null}
      </Paper>

      <EditUserModal
        user={editing}
        isSelf={editing !== null && isCurrentUser(editing, currentUser.email)}
        onClose={() => setEditing(null)}
        onSelfChanged={currentUser.refresh}
      />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
    </Stack>
  );
}

export { ListaScreen as Component };
