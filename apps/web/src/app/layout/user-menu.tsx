import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { messages } from '@refugio/contracts';
import { IconChevronDown, IconLogout, IconShieldLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { SessionUser } from '../../lib/session';
import { getInitials } from '../../lib/get-initials';
import classes from './backend-layout.module.css';
import { useSignOutAction } from './use-sign-out-action';

/**
 * Header dropdown with the signed-in person's name: 'Cerrar Sesión' (SPEC 2), and before it the way to the person's
 * own two-step sign-in (/cuenta/dos-pasos, DESIGN 20; issue 47 asked for it here, where people look for their account).
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const signOut = useSignOutAction();
  const fullName = `${user.name} ${user.lastname}`.trim() || user.email;

  return (
    <Menu position="bottom-end" width={250} withArrow shadow="md">
      <Menu.Target>
        <UnstyledButton className={classes.userButton}>
          <Group gap="xs" wrap="nowrap">
            <Avatar size={32} radius="xl" color={user.color || 'cyan'} variant="filled" autoContrast aria-hidden="true">
              {getInitials(user.name, user.lastname, user.email)}
            </Avatar>
            <Text size="sm" fw={500} className={classes.userName} truncate="end">
              {fullName}
            </Text>
            <IconChevronDown size={16} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/cuenta/dos-pasos" leftSection={<IconShieldLock size={16} aria-hidden="true" />}>
          Verificación en dos pasos
        </Menu.Item>
        <Menu.Item c="red" leftSection={<IconLogout size={16} aria-hidden="true" />} onClick={signOut.run}>
          {messages.app.signOut}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
