import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type FeesResponse, feesResponseSchema } from '@refugio/contracts';
import { requestJson } from '../../../lib/api-client';
import { feesQueryKey } from './donations-query-keys';

/** The filters of `GET /api/cuotas` as the address and the export carry them: text, empty when unset. */
export interface FeeFilters {
  tipo?: string;
  estado?: string;
  mascotaId?: string;
  /** 'true': only sponsorships whose pet was adopted or died. */
  requiereDecision?: string;
  personaId?: string;
  page?: string;
  pageSize?: string;
}

/** The filters that are set, as a query (empty ones left out). */
export function cleanQuery(filters: object): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
}

/** `GET /api/cuotas`: a page of fees, newest first, with how many match and what the active ones bring a month. */
export async function listFees(filters: FeeFilters, signal?: AbortSignal): Promise<FeesResponse> {
  return feesResponseSchema.parse(await requestJson('/api/cuotas', { query: cleanQuery(filters), signal }));
}

export function listFeesQueryOptions(filters: FeeFilters) {
  return queryOptions({ queryKey: [...feesQueryKey, cleanQuery(filters)], queryFn: ({ signal }) => listFees(filters, signal) });
}

export function useFees(filters: FeeFilters) {
  return useQuery({ ...listFeesQueryOptions(filters), placeholderData: keepPreviousData });
}
