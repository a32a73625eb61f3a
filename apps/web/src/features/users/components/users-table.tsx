import { Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { SortableHeader } from '../../../components/ui/sortable-header';
import type { User } from '@refugio/contracts';
import { formatDate } from '../../../lib/format-date';
import { getFullName, isCurrentUser } from '../lib/user-display';
import type { UserSortField, UsersListParams } from '../lib/users-list-params';
import { UserActionsMenu, type UserActions } from './user-actions-menu';
import { MailAddress } from './mail-address';
import { UserAvatar } from './user-avatar';
import { RolBadge, SelfBadge, StateBadges } from './user-badges';
import classes from './users-table.module.css';

export interface UsersListViewProps extends UserActions {
  users: readonly User[];
  /** The signed-in administrator's e-mail, to recognise their own row. */
  currentEmail: string;
}

interface UsersTableProps extends UsersListViewProps {
  sort: Pick<UsersListParams, 'sort' | 'order'>;
  onSort: (field: UserSortField) => void;
}

/** The staff accounts on wide screens: one row each, sortable columns and a menu of actions per row. */
export function UsersTable({ users, sort, onSort, currentEmail, ...actions }: UsersTableProps) {
  return (
    <Table.ScrollContainer minWidth={860} visibleFrom="sm">
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortableHeader field="name" sort={sort} onSort={onSort}>
              Nombre
            </SortableHeader>
            <SortableHeader field="mail" sort={sort} onSort={onSort}>
              Correo
            </SortableHeader>
            <SortableHeader field="rol" sort={sort} onSort={onSort}>
              Rol
            </SortableHeader>
            <Table.Th>Permisos</Table.Th>
            <SortableHeader field="createdAt" sort={sort} onSort={onSort}>
              Creado
            </SortableHeader>
            <Table.Th>Estado</Table.Th>
            <Table.Th>
              <VisuallyHidden>Acciones</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            const isSelf = isCurrentUser(user, currentEmail);
            return (
              <Table.Tr key={user.id} data-disabled={user.disabled || undefined} className={classes.row}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <UserAvatar user={user} size={36} />
                    <Group gap={6}>
                      <Text fw={600} size="sm">
                        {getFullName(user)}
                      </Text>
                      {isSelf ? <SelfBadge /> : null}
                    </Group>
                  </Group>
                </Table.Td>
                <Table.Td className={classes.mailCell}>
                  <MailAddress mail={user.mail} />
                </Table.Td>
                <Table.Td>
                  <RolBadge rol={user.rol} organizationRole={user.rolOrganizacion?.nombre} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace" className={classes.nowrap}>
                    {user.permisos}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed" className={classes.nowrap}>
                    <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
                  </Text>
                </Table.Td>
                <Table.Td>
                  <StateBadges user={user} />
                </Table.Td>
                <Table.Td ta="right">
                  <UserActionsMenu user={user} isSelf={isSelf} {...actions} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
