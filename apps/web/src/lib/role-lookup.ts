import { type Asker, type Capability, can, getUserRoleResponseSchema, type GetUserRoleResponse } from '@refugio/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from './api-client';
import { useSession } from './session';

/*
 * Who the signed-in person is for the permission table: the role lookup (`GET /api/functions/getUserRoleByUid`, SPEC 7)
 * answers the built-in role and, for an organisation role (DESIGN section 21), the capabilities the server resolved.
 * Every screen's buttons and sections ask `useCapabilities`, so an organisation role's added or removed capabilities
 * show the same everywhere; the server decides every call anyway.
 */

/** Every users query (the list and the role lookups) lives under this key, so any change refreshes them all. */
export const usersQueryKey = ['users'] as const;

export async function getUserRole(uid: string, signal?: AbortSignal): Promise<GetUserRoleResponse> {
  const data = await requestJson('/api/functions/getUserRoleByUid', { query: { uid }, signal });
  return getUserRoleResponseSchema.parse(data);
}

export function userRoleQueryOptions(uid: string) {
  return queryOptions({
    queryKey: [...usersQueryKey, 'role', uid],
    queryFn: ({ signal }) => getUserRole(uid, signal),
    // SPEC 7: looked up each time the sidebar mounts, not on a timer or on window focus.
    staleTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** The lookup's answer as the permission table asks it: an organisation role's own capabilities decide, when it has them. */
export function askerOf(data: GetUserRoleResponse): Asker {
  return { role: data.rol, capacidades: data.capacidades ?? null, enmascarar: data.enmascarar ?? null };
}

/**
 * Whether the signed-in person may do `capability`, for the buttons and page sections: by the role lookup once it
 * answered (the sidebar asks it on every mount, so a section reuses that answer for a minute instead of asking again),
 * by the session's built-in role until then or if it fails.
 */
export function useCapabilities(): (capability: Capability) => boolean {
  const { data: session } = useSession();
  const uid = session?.user.id;
  const { data } = useQuery({ ...userRoleQueryOptions(uid ?? ''), enabled: Boolean(uid), staleTime: 60_000 });
  const sessionRole = session?.user.role ?? undefined;
  return (capability) => can(data ? askerOf(data) : sessionRole, capability);
}
