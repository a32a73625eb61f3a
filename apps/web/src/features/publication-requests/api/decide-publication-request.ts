import { type ApproveRequestInput, approveRequestResultSchema, publicationRequestSchema } from '@refugio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { decodePublicationRequest, type PublicationRequestView } from './get-publication-request';
import { publicationRequestsQueryKey } from './requests-query-key';

/** `POST /api/solicitudes-publicacion/{id}/aprobar`: the new draft pet's id. */
export async function approvePublicationRequest({ id, ...origin }: { id: number } & ApproveRequestInput): Promise<{ mascotaId: number }> {
  return approveRequestResultSchema.parse(await requestJson(`/api/solicitudes-publicacion/${id}/aprobar`, { method: 'POST', json: origin }));
}

/** `POST /api/solicitudes-publicacion/{id}/rechazar` with `{ motivo }`. */
export async function rejectPublicationRequest({ id, motivo }: { id: number; motivo: string }): Promise<PublicationRequestView> {
  return decodePublicationRequest(
    publicationRequestSchema.parse(await requestJson(`/api/solicitudes-publicacion/${id}/rechazar`, { method: 'POST', json: { motivo } })),
  );
}

export function useApprovePublicationRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approvePublicationRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: publicationRequestsQueryKey }),
  });
}

export function useRejectPublicationRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectPublicationRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: publicationRequestsQueryKey }),
  });
}
