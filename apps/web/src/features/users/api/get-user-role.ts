import { ADMIN_ROLE, getUserRoleResponseSchema, type GetUserRoleResponse } from '@refugio/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';

export async function getUserRole(uid: string, signal?: AbortSignal): Promise<GetUserRoleResponse> {
  const data = await requestJson('/api/functions/getUserRoleByUid', { query: { uid }, signal });
  return getUserRoleResponseSchema.parse(data);
}

export function userRoleQueryOptions(uid: string) {
  return queryOptions({
    queryKey: ['users', 'role', uid],
    queryFn: ({ signal }) => getUserRole(uid, signal),
    // SPEC 7: looked up each time the sidebar mounts, not on a timer or on window focus.
    staleTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/**
 * Whether the signed-in person is an administrator, for showing admin-only entries. False until the
 * lookup answers, and false when it fails: the failure is swallowed on purpose (SPEC 8), and the server
 * enforces the real permission anyway.
 */
export function useIsAdministrator(uid: string | undefined): boolean {
  const { data } = useQuery({ ...userRoleQueryOptions(uid ?? ''), enabled: Boolean(uid) });
  return data?.rol === ADMIN_ROLE;
}
