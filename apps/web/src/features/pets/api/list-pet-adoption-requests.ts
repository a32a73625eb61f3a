import { listAdoptionRequestsResponseSchema, type ListAdoptionRequestsResponse } from '@refugio/contracts';
import { useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { petQueryKey } from './pets-query-key';

/** `GET /api/solicitudes-adopcion?mascotaId=`: the adoption requests for one pet, newest first (up to 100). */
export async function listPetAdoptionRequests(petId: number, signal?: AbortSignal): Promise<ListAdoptionRequestsResponse> {
  return listAdoptionRequestsResponseSchema.parse(
    await requestJson('/api/solicitudes-adopcion', { query: { mascotaId: String(petId), pageSize: '100' }, signal }),
  );
}

export function usePetAdoptionRequests(petId: number | null, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...petQueryKey(petId ?? 0), 'adoption-requests'],
    queryFn: ({ signal }) => listPetAdoptionRequests(petId ?? 0, signal),
    enabled: petId !== null && (options.enabled ?? true),
  });
}
