import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Fee, type FeeInput, type FeeLeaveInput, type FeePatchInput, type FeePetInput, feeSchema } from '@refugio/contracts';
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

/** `POST /api/cuotas/{id}/confirmar`: a pending fee (from /colabora) becomes active. */
export async function confirmFee({ id, version }: { id: number; version: number }): Promise<Fee> {
  return feeSchema.parse(await requestJson(`/api/cuotas/${id}/confirmar`, { method: 'POST', json: { version } }));
}

/** `PATCH /api/cuotas/{id}`: whether a sponsor gets the weekly news of their pet. */
export async function patchFee({ id, input }: { id: number; input: FeePatchInput }): Promise<Fee> {
  return feeSchema.parse(await requestJson(`/api/cuotas/${id}`, { method: 'PATCH', json: { ...input } }));
}

/** `POST /api/cuotas/{id}/mascota`: the sponsorship moves to another pet (with the person's consent). */
export async function changeFeePet({ id, input }: { id: number; input: FeePetInput }): Promise<Fee> {
  return feeSchema.parse(await requestJson(`/api/cuotas/${id}/mascota`, { method: 'POST', json: { ...input } }));
}

/**
 * The lists are refreshed after a success and after a failure too (a 409 means what is shown is out of date); the
 * mutation stays pending until they are, so a switch never flips back to the old value in between.
 */
function useFeeMutation<Variables>(mutationFn: (variables: Variables) => Promise<Fee>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: donationsQueryKey }) });
}

export const useConfirmFee = () => useFeeMutation(confirmFee);
export const usePatchFee = () => useFeeMutation(patchFee);
export const useChangeFeePet = () => useFeeMutation(changeFeePet);
