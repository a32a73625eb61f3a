import { DEFAULT_ORG_TIME_ZONE, organizationSettingsSchema, type OrganizationSettings } from '@refugio/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from './api-client';

/*
 * `GET /api/organizacion`: the organisation's settings (its time zone). Shared, not a feature's: every
 * screen that picks or shows a publication date (Publicaciones Programadas, the pet form, the pet list's
 * bulk actions) needs it.
 */

export async function getOrganizationSettings(signal?: AbortSignal): Promise<OrganizationSettings> {
  return organizationSettingsSchema.parse(await requestJson('/api/organizacion', { signal }));
}

export const organizationSettingsQueryOptions = queryOptions({
  queryKey: ['organizacion'],
  queryFn: ({ signal }) => getOrganizationSettings(signal),
  staleTime: Infinity,
});

/** The organisation's time zone; the default one until the answer arrives. */
export function useOrganizationTimeZone(): string {
  return useQuery(organizationSettingsQueryOptions).data?.zonaHoraria ?? DEFAULT_ORG_TIME_ZONE;
}

/** Whether the organisation still lacks how the public reaches it: a name, and an e-mail or a phone. */
export const lacksContact = (org: Pick<OrganizationSettings, 'nombre' | 'email' | 'telefono'>) => !org.nombre || (!org.email && !org.telefono);
