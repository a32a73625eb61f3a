import { listUsersResponseSchema, type ListUsersQuery } from '@refugio/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { requestJson } from '../../../lib/api-client';
import { usersQueryKey } from './users-query-key';

export type ListUsersResponse = z.infer<typeof listUsersResponseSchema>;

export async function listUsers(query: ListUsersQuery, signal?: AbortSignal): Promise<ListUsersResponse> {
  const q = query.q?.trim();
  const data = await requestJson('/api/users', {
    query: { q: q || undefined, sort: query.sort, order: query.order },
    signal,
  });
  return listUsersResponseSchema.parse(data);
}

export function listUsersQueryOptions(query: ListUsersQuery) {
  const normalised: ListUsersQuery = { q: query.q?.trim() ?? '', sort: query.sort, order: query.order };
  return queryOptions({
    queryKey: [...usersQueryKey, 'list', normalised],
    queryFn: ({ signal }) => listUsers(normalised, signal),
  });
}

/** The user list; while a new search or order loads, the previous rows stay on screen. */
export function useUsers(query: ListUsersQuery) {
  return useQuery({ ...listUsersQueryOptions(query), placeholderData: keepPreviousData });
}
