import { publicationRequestSchema, type PublicationRequest } from '@refugio/contracts';
import { useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { publicationRequestsQueryKey } from './requests-query-key';

/** `GET /api/solicitudes-publicacion/{id}`: every field and every file. */
export async function getPublicationRequest(id: number, signal?: AbortSignal): Promise<PublicationRequest> {
  return publicationRequestSchema.parse(await requestJson(`/api/solicitudes-publicacion/${id}`, { signal }));
}

export function usePublicationRequest(id: number | null) {
  return useQuery({
    queryKey: [...publicationRequestsQueryKey, 'detail', id],
    queryFn: ({ signal }) => getPublicationRequest(id ?? 0, signal),
    enabled: id !== null,
  });
}
