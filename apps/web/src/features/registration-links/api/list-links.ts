import { listLinksResponseSchema, type LinkState, type RegistrationLink } from '@refugio/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { linksQueryKey } from './links-query-key';

/** `GET /api/enlaces`: the newest links first (the first 100). */
export async function listLinks(estado: LinkState | undefined, signal?: AbortSignal): Promise<{ items: RegistrationLink[]; total: number }> {
  const data = await requestJson('/api/enlaces', { query: { estado, pageSize: '100' }, signal });
  return listLinksResponseSchema.parse(data);
}

export function listLinksQueryOptions(estado: LinkState | undefined) {
  return queryOptions({ queryKey: [...linksQueryKey, 'list', { estado }], queryFn: ({ signal }) => listLinks(estado, signal) });
}

export function useLinks(estado: LinkState | undefined) {
  return useQuery(listLinksQueryOptions(estado));
}
