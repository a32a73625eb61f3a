import { Center, Group, Loader, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type Capability } from '@refugio/contracts';
import { Outlet, useMatches } from 'react-router';
import { ForbiddenPage } from '../../components/ui/forbidden-page';
import { sessionQueryKey, useSession } from '../../lib/session';
import { useCapabilityAccess } from '../../features/users/api/get-user-role';
import type { CurrentUser } from '../../features/users/hooks/use-current-user';

/** What a screen under this guard names in its route's `handle`: the capability of the permission table that opens it. */
export interface CapabilityHandle {
  capability: Capability;
}

/**
 * Guard of every staff screen that not every role may open (router.tsx, `CAPABILITY_GUARD_ID`), inside the sign-in
 * guard. Each screen's route names its capability in `handle` (the users' screens when none is named); the guard asks
 * the same role lookup as the sidebar, waits for it rather than flashing a refusal, and shows the no-permission page
 * to every role the permission table leaves out. The server enforces the same table on every call.
 */
function RequireAdministrator() {
  const { data: session } = useSession();
  const queryClient = useQueryClient();
  const matches = useMatches();
  const named = matches.map((match) => (match.handle as Partial<CapabilityHandle> | undefined)?.capability).filter(Boolean);
  const access = useCapabilityAccess(session?.user.id, named.at(-1) ?? 'usuarios');
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
