import { listPackagesResponseSchema, type Package } from '@refugio/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { packagesQueryKey } from './packages-query-key';

/** `GET /api/paquetes`: the packages, archived ones too when asked. */
export async function listPackages(includeArchived: boolean, signal?: AbortSignal): Promise<Package[]> {
  const data = await requestJson('/api/paquetes', { query: { archivados: includeArchived ? '1' : undefined }, signal });
  return listPackagesResponseSchema.parse(data).items;
}

export function listPackagesQueryOptions(includeArchived: boolean) {
  return queryOptions({
    queryKey: [...packagesQueryKey, 'list', { includeArchived }],
    queryFn: ({ signal }) => listPackages(includeArchived, signal),
  });
}

export function usePackages(includeArchived = false) {
  return useQuery(listPackagesQueryOptions(includeArchived));
}
