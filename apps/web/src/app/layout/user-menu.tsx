import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { messages } from '@refugio/contracts';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import type { SessionUser } from '../../lib/session';
import { getInitials } from '../../lib/get-initials';
import classes from './backend-layout.module.css';
import { useSignOutAction } from './use-sign-out-action';

/**
 * Header dropdown with the signed-in person's name. Its only entry is 'Cerrar Sesión' (SPEC 2); the person's own
 * two-step sign-in (/cuenta/dos-pasos) is reached from the sidebar's "Más secciones".
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
        <Menu.Item c="red" leftSection={<IconLogout size={16} aria-hidden="true" />} onClick={signOut.run}>
          {messages.app.signOut}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
