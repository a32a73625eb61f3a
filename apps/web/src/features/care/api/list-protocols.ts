import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { listProtocolsResponseSchema, type Protocol } from '@refugio/contracts';
import { protocolsQueryKey } from './care-query-keys';

/** `GET /api/protocolos`: the organisation's care protocols, per species. */
export async function listProtocols(signal?: AbortSignal): Promise<Protocol[]> {
  return listProtocolsResponseSchema.parse(await requestJson('/api/protocolos', { signal })).items;
}

export const protocolsQueryOptions = queryOptions({ queryKey: protocolsQueryKey, queryFn: ({ signal }) => listProtocols(signal) });

export function useProtocols() {
  return useQuery(protocolsQueryOptions);
}
