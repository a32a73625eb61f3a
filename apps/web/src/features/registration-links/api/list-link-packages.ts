import { listPackagesResponseSchema, type Package } from '@refugio/contracts';
import { useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';

/** `GET /api/paquetes`: the packages a new link can be issued under (not archived). */
export async function listLinkPackages(signal?: AbortSignal): Promise<Package[]> {
  return listPackagesResponseSchema.parse(await requestJson('/api/paquetes', { signal })).items;
}

export function useLinkPackages() {
  return useQuery({ queryKey: ['paquetes', 'list', { includeArchived: false }], queryFn: ({ signal }) => listLinkPackages(signal) });
}
