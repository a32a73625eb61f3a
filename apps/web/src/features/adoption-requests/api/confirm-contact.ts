import type { ConfirmApplicationContactInput } from '@refugio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { adoptionRequestQueryKey } from './adoption-requests-query-key';
import { adoptionRequestAnswerSchema, decodeAdoptionRequest, type AdoptionRequestView } from './request-view';

/**
 * `POST /api/solicitudes-adopcion/{id}/contacto` with `{ email, telefono }`: staff confirm another contact for
 * everything about the request (kept in its history); answers the request.
 */
export async function confirmApplicationContact({ id, ...json }: ConfirmApplicationContactInput & { id: number }): Promise<AdoptionRequestView> {
  return decodeAdoptionRequest(adoptionRequestAnswerSchema.parse(await requestJson(`/api/solicitudes-adopcion/${id}/contacto`, { json })));
}

export function useConfirmApplicationContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmApplicationContact,
    onSuccess: (request) => queryClient.setQueryData(adoptionRequestQueryKey(request.id), request),
  });
}
