import { type OrganizationSettings, type SaveOrganizationInput, organizationSettingsSchema } from '@refugio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { organizationSettingsQueryOptions } from '../../../lib/organization-settings';

/** `PUT /api/organizacion` (administrators): the phone comes back normalised; a stale version answers 409. */
export async function saveOrganization(input: SaveOrganizationInput): Promise<OrganizationSettings> {
  return organizationSettingsSchema.parse(await requestJson('/api/organizacion', { method: 'PUT', json: { ...input } }));
}

export function useSaveOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOrganization,
    onSuccess: (saved) => queryClient.setQueryData(organizationSettingsQueryOptions.queryKey, saved),
  });
}
