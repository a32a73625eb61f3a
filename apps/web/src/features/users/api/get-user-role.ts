import {
  ADMIN_ROLE,
  type Asker,
  type Capability,
  CAPABILITIES,
  can,
  getUserRoleResponseSchema,
  type GetUserRoleResponse,
  ROLES,
} from '@refugio/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { usersQueryKey } from './users-query-key';

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

/**
 * Who the role lookup says the person is, as the permission table asks it: with an organisation role (DESIGN
 * section 21), the capabilities the server resolved for the session decide instead of the built-in role.
 */
export function askerOf(data: GetUserRoleResponse): Asker {
  return { role: data.rol, capacidades: data.capacidades ?? null, enmascarar: data.enmascarar ?? null };
}

export type AdministratorAccess = 'pending' | 'granted' | 'denied';

/**
 * For the screens reserved to administrators: 'pending' while the lookup is under way (so a screen can
 * wait instead of flashing a refusal), then 'granted' only when it said Administrador. A failed lookup
 * denies: the failure is swallowed on purpose (SPEC 8), and the server enforces the real permission anyway.
 */
export function useAdministratorAccess(uid: string | undefined): AdministratorAccess {
  const { data, isError } = useQuery({ ...userRoleQueryOptions(uid ?? ''), enabled: Boolean(uid) });
  if (data) return data.rol === ADMIN_ROLE ? 'granted' : 'denied';
  return isError || !uid ? 'denied' : 'pending';
}

/**
 * For a screen of `capability` (the permission table): 'pending' while the role lookup is under way, then whether
 * the looked-up role has it. A failed lookup denies, as for the administrators' screens.
 */
export function useCapabilityAccess(uid: string | undefined, capability: Capability): AdministratorAccess {
  const { data, isError } = useQuery({ ...userRoleQueryOptions(uid ?? ''), enabled: Boolean(uid) });
  if (data) return can(askerOf(data), capability) ? 'granted' : 'denied';
  return isError || !uid ? 'denied' : 'pending';
}

/** Whether the signed-in person is an administrator, for showing admin-only entries: false until known. */
export function useIsAdministrator(uid: string | undefined): boolean {
  return useAdministratorAccess(uid) === 'granted';
}

/**
 * Whether the menu shows an entry of `capability`: by the looked-up role (SPEC 7). Until it answers, only what
 * every role may open; if it fails, what the session's role may open, except the users (SPEC 8: the
 * administrator's entries stay hidden). The server decides every call anyway.
 */
export function useMenuAccess(uid: string | undefined, sessionRole: string | undefined): (capability: Capability) => boolean {
  const { data, isError } = useQuery({ ...userRoleQueryOptions(uid ?? ''), enabled: Boolean(uid) });
  return (capability) => {
    if (data) return can(askerOf(data), capability);
    if (isError && capability !== 'usuarios' && capability !== 'ajustes') return can(sessionRole, capability);
    return CAPABILITIES[capability].length === ROLES.length;
  };
}

/**
 * Whether the signed-in person may do `capability`, for the buttons and page sections: by the role lookup (an
 * organisation role's own capabilities) once it answered, by the session's built-in role until then.
 */
export function useCan(uid: string | undefined, sessionRole: string | undefined): (capability: Capability) => boolean {
  const { data } = useQuery({ ...userRoleQueryOptions(uid ?? ''), enabled: Boolean(uid) });
  return (capability) => can(data ? askerOf(data) : sessionRole, capability);
}
