import { listAdoptionRequestsResponseSchema } from '@refugio/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { type RequestsListParams, toListRequestsQuery } from '../lib/requests-list-params';
import { adoptionRequestListsQueryKey } from './adoption-requests-query-key';
import { decodeAdoptionRequestList, type AdoptionRequestListView } from './request-view';

/** `GET /api/solicitudes-adopcion`: one page of requests with the counts per status. */
export async function listAdoptionRequests(params: RequestsListParams, signal?: AbortSignal): Promise<AdoptionRequestListView> {
  return decodeAdoptionRequestList(
    listAdoptionRequestsResponseSchema.parse(await requestJson('/api/solicitudes-adopcion', { query: toListRequestsQuery(params), signal })),
  );
}

export function listAdoptionRequestsQueryOptions(params: RequestsListParams) {
  return queryOptions({
    queryKey: [...adoptionRequestListsQueryKey, toListRequestsQuery(params)],
    queryFn: ({ signal }) => listAdoptionRequests(params, signal),
  });
}

export function useAdoptionRequests(params: RequestsListParams) {
  return useQuery({ ...listAdoptionRequestsQueryOptions(params), placeholderData: keepPreviousData });
}
