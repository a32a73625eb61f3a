import { Center, Group, Loader, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Outlet } from 'react-router';
import { ForbiddenPage } from '../../components/ui/forbidden-page';
import { sessionQueryKey, useSession } from '../../lib/session';
import { useAdministratorAccess } from '../../features/users/api/get-user-role';
import type { CurrentUser } from '../../features/users/hooks/use-current-user';

/**
 * Guard of the administrators' screens (/lista, /usuarionuevo), inside the sign-in guard. It asks the same
 * role lookup as the sidebar, waits for it rather than flashing a refusal, and shows the no-permission page
 * to everyone else. The server enforces the same rule on every call.
 */
function RequireAdministrator() {
  const { data: session } = useSession();
  const queryClient = useQueryClient();
  const access = useAdministratorAccess(session?.user.id);
  const id = session?.user.id ?? '';
  const email = session?.user.email ?? '';
  const currentUser = useMemo<CurrentUser>(
    () => ({ id, email, refresh: () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey }) }),
    [id, email, queryClient],
  );

  if (access === 'pending') {
    return (
      <Center py={64} role="status" aria-live="polite">
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed">Comprobando permisos...</Text>
        </Group>
      </Center>
    );
  }
  if (access === 'denied') return <ForbiddenPage />;
  return <Outlet context={currentUser} />;
}

export { RequireAdministrator as Component };
