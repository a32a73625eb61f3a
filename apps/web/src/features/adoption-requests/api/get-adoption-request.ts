import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { adoptionRequestQueryKey } from './adoption-requests-query-key';
import { adoptionRequestAnswerSchema, decodeAdoptionRequest, type AdoptionRequestView } from './request-view';

/** `GET /api/solicitudes-adopcion/{id}`: every answer, the notes and the history. */
export async function getAdoptionRequest(id: number, signal?: AbortSignal): Promise<AdoptionRequestView> {
  return decodeAdoptionRequest(adoptionRequestAnswerSchema.parse(await requestJson(`/api/solicitudes-adopcion/${id}`, { signal })));
}

export function adoptionRequestQueryOptions(id: number) {
  return queryOptions({ queryKey: adoptionRequestQueryKey(id), queryFn: ({ signal }) => getAdoptionRequest(id, signal) });
}

export function useAdoptionRequest(id: number | null) {
  return useQuery({ ...adoptionRequestQueryOptions(id ?? 0), enabled: id !== null });
}
