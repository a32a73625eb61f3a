import { followupListSchema } from '@refugio/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';

export const followupsKey = ['seguimientos'] as const;

export interface FollowupFilters {
  estado?: string | undefined;
  tipo?: string | undefined;
  mascotaId?: number | undefined;
  personaId?: number | undefined;
  page?: number | undefined;
}

/** `GET /api/seguimientos?estado=&tipo=&mascotaId=&personaId=&page=`: check-ins and obligations, overdue first. */
export function useFollowups(filters: FollowupFilters) {
  const query: Record<string, string> = Object.fromEntries(
    Object.entries(filters)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );
  return useQuery({
    queryKey: [...followupsKey, query],
    queryFn: async ({ signal }) => followupListSchema.parse(await requestJson('/api/seguimientos', { query, signal })),
    placeholderData: keepPreviousData,
  });
}
