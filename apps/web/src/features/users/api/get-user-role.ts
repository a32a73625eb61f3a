import { ADMIN_ROLE, type Capability, CAPABILITIES, can, ROLES } from '@refugio/contracts';
import { useQuery } from '@tanstack/react-query';
import { askerOf, userRoleQueryOptions } from '../../../lib/role-lookup';

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
