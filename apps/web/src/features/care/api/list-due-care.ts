import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { CARE_DUE_PAGE_SIZE_MAX, listCareDueResponseSchema, type CareType, type ListCareDueResponse, type LocationType } from '@refugio/contracts';
import { dueCareQueryKey } from './care-query-keys';

export interface DueCareQuery {
  /** 'YYYY-MM-DD'; the server's today when left out. */
  hasta?: string | undefined;
  tipo?: CareType | undefined;
  /** Only the care of pets in that place (the shelter, foster homes). */
  ubicacion?: LocationType | undefined;
}

/** `GET /api/salud/pendientes?hasta=&tipo=&ubicacion=`: planned care not done up to that day, overdue first (one long page). */
export async function listDueCare(query: DueCareQuery, signal?: AbortSignal): Promise<ListCareDueResponse> {
  return listCareDueResponseSchema.parse(
    await requestJson('/api/salud/pendientes', {
      query: { hasta: query.hasta, tipo: query.tipo, ubicacion: query.ubicacion, pageSize: String(CARE_DUE_PAGE_SIZE_MAX) },
      signal,
    }),
  );
}

export function dueCareQueryOptions(query: DueCareQuery) {
  return queryOptions({
    queryKey: dueCareQueryKey(`${query.hasta ?? 'hoy'}:${query.tipo ?? ''}:${query.ubicacion ?? ''}`),
    queryFn: ({ signal }) => listDueCare(query, signal),
    refetchOnWindowFocus: true,
    placeholderData: keepPreviousData,
  });
}

export function useDueCare(query: DueCareQuery) {
  return useQuery(dueCareQueryOptions(query));
}
