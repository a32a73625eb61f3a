import { Box, Group, Text } from '@mantine/core';
import { formatDate } from '../../../lib/format-date';
import { getFullName, isCurrentUser } from '../lib/user-display';
import { UserActionsMenu } from './user-actions-menu';
import { MailAddress } from './mail-address';
import { UserAvatar } from './user-avatar';
import { RolBadge, SelfBadge, StateBadges } from './user-badges';
import type { UsersListViewProps } from './users-table';
import classes from './users-table.module.css';

/** The staff accounts on phones: the table's columns would not fit, so each person is a small card. */
export function UserCards({ users, currentEmail, ...actions }: UsersListViewProps) {
  return (
    <Box component="ul" hiddenFrom="sm" className={classes.cards} aria-label="Usuarios">
      {users.map((user) => {
        const isSelf = isCurrentUser(user, currentEmail);
        return (
          <li key={user.id} className={classes.card} data-disabled={user.disabled || undefined}>
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <UserAvatar user={user} size={40} />
              <Box className={classes.cardBody}>
                <Group gap={6} wrap="nowrap">
                  <Text fw={600} truncate="end">
                    {getFullName(user)}
                  </Text>
                  {isSelf ? <SelfBadge /> : null}
                </Group>
                <MailAddress mail={user.mail} dimmed />
                <Group gap={6} mt={8}>
                  <RolBadge rol={user.rol} organizationRole={user.rolOrganizacion?.nombre} />
                  <StateBadges user={user} />
                </Group>
                <Text size="xs" c="dimmed" mt={8}>
                  Permisos: {user.permisos} · Creado el{' '}
                  <time dateTime={user.createdAt} className={classes.nowrap}>
                    {formatDate(user.createdAt)}
                  </time>
                </Text>
              </Box>
              <UserActionsMenu user={user} isSelf={isSelf} {...actions} />
            </Group>
          </li>
        );
      })}
    </Box>
  );
}
