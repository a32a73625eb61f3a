import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { adoptionRequestQueryKey } from './adoption-requests-query-key';
import { adoptionRequestAnswerSchema, decodeAdoptionRequest, type AdoptionRequestView } from './request-view';

/** `POST /api/solicitudes-adopcion/{id}/notas` with `{ nota }`: answers the request with the new note. */
export async function addAdoptionNote({ id, nota }: { id: number; nota: string }): Promise<AdoptionRequestView> {
  return decodeAdoptionRequest(adoptionRequestAnswerSchema.parse(await requestJson(`/api/solicitudes-adopcion/${id}/notas`, { json: { nota } })));
}

export function useAddAdoptionNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAdoptionNote,
    onSuccess: (request) => queryClient.setQueryData(adoptionRequestQueryKey(request.id), request),
  });
}
