import type { QueryClient } from '@tanstack/react-query';
import { lacksContact, organizationSettingsQueryOptions } from '../../../lib/organization-settings';

/**
 * Where a password change leads. The first administrator, changing the temporary password of the first sign-in,
 * is asked next for the organisation's contact (Configuración) while it lacks one; everyone else goes home.
 * `firstChangeBy` is the role of someone changing a temporary password (undefined for a voluntary change).
 */
export async function afterPasswordChange(queryClient: QueryClient, firstChangeBy: string | undefined): Promise<string> {
  if (firstChangeBy !== 'admin') return '/';
  try {
    return lacksContact(await queryClient.fetchQuery(organizationSettingsQueryOptions)) ? '/configuracion' : '/';
  } catch {
    return '/';
  }
}
