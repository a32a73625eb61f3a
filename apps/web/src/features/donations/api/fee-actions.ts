import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Fee, type FeeInput, type FeeLeaveInput, feeSchema } from '@refugio/contracts';
import { requestJson } from '../../../lib/api-client';
import { donationsQueryKey } from './donations-query-keys';

/** `POST /api/personas/{id}/cuotas`: the amount goes as the text typed ("12,50"), which the server reads digit by digit. */
export async function createFee({ personaId, input }: { personaId: number; input: FeeInput }): Promise<Fee> {
  return feeSchema.parse(await requestJson(`/api/personas/${personaId}/cuotas`, { method: 'POST', json: { ...input } }));
}

/** `POST /api/cuotas/{id}/baja`. */
export async function leaveFee({ id, input }: { id: number; input: FeeLeaveInput }): Promise<Fee> {
  return feeSchema.parse(await requestJson(`/api/cuotas/${id}/baja`, { method: 'POST', json: { ...input } }));
}

export function useCreateFee() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createFee, onSuccess: () => void queryClient.invalidateQueries({ queryKey: donationsQueryKey }) });
}

export function useLeaveFee() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: leaveFee, onSuccess: () => void queryClient.invalidateQueries({ queryKey: donationsQueryKey }) });
}
