import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type GiftsResponse, giftsResponseSchema } from '@refugio/contracts';
import { requestJson } from '../../../lib/api-client';
import { giftsQueryKey } from './donations-query-keys';
import { cleanQuery } from './list-fees';

/** The filters of `GET /api/donativos` as text, empty when unset. */
export interface GiftFilters {
  desde?: string;
  hasta?: string;
  concepto?: string;
  estado?: string;
  personaId?: string;
  page?: string;
  pageSize?: string;
}

/** `GET /api/donativos`: a page of gifts, newest first, with how many match and their sum (annulled and returned left out). */
export async function listGifts(filters: GiftFilters, signal?: AbortSignal): Promise<GiftsResponse> {
  return giftsResponseSchema.parse(await requestJson('/api/donativos', { query: cleanQuery(filters), signal }));
}

export function listGiftsQueryOptions(filters: GiftFilters) {
  return queryOptions({ queryKey: [...giftsQueryKey, cleanQuery(filters)], queryFn: ({ signal }) => listGifts(filters, signal) });
}

export function useGifts(filters: GiftFilters) {
  return useQuery({ ...listGiftsQueryOptions(filters), placeholderData: keepPreviousData });
}
