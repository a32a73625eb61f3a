import { aiStatusSchema, type AiStatus } from '@refugio/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';

export const aiStatusQueryKey = ['ai', 'estado'] as const;

/** `GET /api/ai/estado`: whether the server has a generative-text provider configured. */
export async function getAiStatus(signal?: AbortSignal): Promise<AiStatus> {
  return aiStatusSchema.parse(await requestJson('/api/ai/estado', { signal }));
}

export function aiStatusQueryOptions() {
  // The provider only changes when the server restarts with another configuration.
  return queryOptions({ queryKey: aiStatusQueryKey, queryFn: ({ signal }) => getAiStatus(signal), staleTime: 5 * 60_000 });
}

export function useAiStatus() {
  return useQuery(aiStatusQueryOptions());
}
