import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { careQueryKey } from './care-query-keys';

/** `POST /api/mascotas/{id}/salud/protocolo`: plans every step of the protocol from `inicio` ('YYYY-MM-DD'). */
export async function applyProtocol({ petId, protocoloId, inicio }: { petId: number; protocoloId: number; inicio: string }): Promise<unknown> {
  return requestJson(`/api/mascotas/${petId}/salud/protocolo`, { method: 'POST', json: { protocoloId, inicio } });
}

export function useApplyProtocol() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: applyProtocol, onSuccess: () => queryClient.invalidateQueries({ queryKey: careQueryKey }) });
}
