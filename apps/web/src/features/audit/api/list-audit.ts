import { listHistoryResponseSchema, listUsersResponseSchema, type ListHistoryResponse } from '@refugio/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';

export interface AuditFilters {
  entidad?: string | undefined;
  entidadId?: string | undefined;
  actorId?: string | undefined;
  desde?: string | undefined;
  hasta?: string | undefined;
  page: number;
  pageSize: number;
}

/** `GET /api/auditoria`: every change of the shelter's records, newest first, filtered (administrators). */
export async function listAudit(filters: AuditFilters, signal?: AbortSignal): Promise<ListHistoryResponse> {
  const query = Object.fromEntries(
    Object.entries({ ...filters, page: String(filters.page), pageSize: String(filters.pageSize) }).filter(([, v]) => v !== undefined && v !== ''),
  ) as Record<string, string>;
  return listHistoryResponseSchema.parse(await requestJson('/api/auditoria', { query, signal }));
}

export function useAudit(filters: AuditFilters) {
  return useQuery({
    queryKey: ['auditoria', filters],
    queryFn: ({ signal }) => listAudit(filters, signal),
    placeholderData: keepPreviousData,
  });
}

/** The team's accounts, to filter by who made a change (`GET /api/users`, administrators). */
export function useAuditActors() {
  return useQuery({
    queryKey: ['auditoria', 'actores'],
    queryFn: async ({ signal }) =>
      listUsersResponseSchema.parse(await requestJson('/api/users', { query: { sort: 'name', order: 'asc' }, signal })).items,
    staleTime: 60_000,
  });
}
