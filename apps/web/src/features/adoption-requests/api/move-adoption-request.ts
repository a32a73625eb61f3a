import type { MoveAdoptionRequestInput } from '@refugio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { adoptionRequestListsQueryKey, adoptionRequestQueryKey, adoptionRequestsQueryKey } from './adoption-requests-query-key';
import { adoptionRequestAnswerSchema, decodeAdoptionRequest, type AdoptionRequestView } from './request-view';

export type MoveAdoptionRequestVariables = MoveAdoptionRequestInput & { id: number };

/** `POST /api/solicitudes-adopcion/{id}/estado`; a forbidden move or a stale version answers 409. */
export async function moveAdoptionRequest({ id, ...json }: MoveAdoptionRequestVariables): Promise<AdoptionRequestView> {
  return decodeAdoptionRequest(adoptionRequestAnswerSchema.parse(await requestJson(`/api/solicitudes-adopcion/${id}/estado`, { json })));
}

export function useMoveAdoptionRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveAdoptionRequest,
    onSuccess: (request) => queryClient.setQueryData(adoptionRequestQueryKey(request.id), request),
    // Approving may close other requests and mark the pet adopted: every request (and pet) view refreshes.
    onSettled: (_data, _error, { id, cerrarOtras, marcarAdoptada }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adoptionRequestListsQueryKey }),
        queryClient.invalidateQueries({ queryKey: cerrarOtras ? adoptionRequestsQueryKey : adoptionRequestQueryKey(id) }),
        marcarAdoptada ? queryClient.invalidateQueries({ queryKey: ['pets'] }) : undefined,
      ]),
  });
}
