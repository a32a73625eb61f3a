import { listPublicationsResponseSchema, type ListPublicationsQuery, type ListPublicationsResponse } from '@refugio/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { publicationsQueryKey } from './publications-query-key';

export type ListPublicationsParams = Partial<ListPublicationsQuery>;

/** `GET /api/publicaciones`: drafts and scheduled pets not yet public, scheduled first. */
export async function listPublications(params: ListPublicationsParams, signal?: AbortSignal): Promise<ListPublicationsResponse> {
  const query = { estado: params.estado, page: params.page?.toString(), pageSize: params.pageSize?.toString() };
  return listPublicationsResponseSchema.parse(await requestJson('/api/publicaciones', { query, signal }));
}

export function listPublicationsQueryOptions(params: ListPublicationsParams) {
  return queryOptions({
    queryKey: [...publicationsQueryKey, 'list', params],
    queryFn: ({ signal }) => listPublications(params, signal),
  });
}

/** Refreshed every minute and on focus: scheduled pets leave the list when their time comes. */
export function usePublications(params: ListPublicationsParams) {
  return useQuery({ ...listPublicationsQueryOptions(params), placeholderData: keepPreviousData, refetchInterval: 60_000 });
}
