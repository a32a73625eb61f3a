import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { type PersonsListParams, toListPersonsQuery } from '../lib/persons-list-params';
import { listPersonsResponseSchema, type ListPersonsResponse } from '@refugio/contracts';
import { personListsQueryKey } from './persons-query-key';

/** `GET /api/personas`: one page of persons, searched (accents ignored by the server) and filtered. */
export async function listPersons(params: PersonsListParams, signal?: AbortSignal): Promise<ListPersonsResponse> {
  return listPersonsResponseSchema.parse(await requestJson('/api/personas', { query: toListPersonsQuery(params), signal }));
}

export function listPersonsQueryOptions(params: PersonsListParams) {
  return queryOptions({
    queryKey: [...personListsQueryKey, toListPersonsQuery(params)],
    queryFn: ({ signal }) => listPersons(params, signal),
  });
}

export function usePersons(params: PersonsListParams) {
  return useQuery({ ...listPersonsQueryOptions(params), placeholderData: keepPreviousData });
}
