import { Box, Button, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import { UserMenu } from './user-menu';

/**
 * The small header of the staff screens that live in the simple layout (/enlaces-admin, SPEC section 2):
 * a way back to the app and the person's menu, without the sidebar and side overlay of the main layout.
 */
function SimpleHeader() {
  const { data: session } = useSession();
  return (
    <Box component="header" h={60} px="md" bg="var(--mantine-color-body)" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
        <Button component={Link} to="/" variant="subtle" leftSection={<IconArrowLeft size={18} aria-hidden="true" />} px="xs">
          Volver a la aplicación
        </Button>
        {session ? <UserMenu user={session.user} /> : null}
      </Group>
    </Box>
  );
}

export default SimpleHeader;
