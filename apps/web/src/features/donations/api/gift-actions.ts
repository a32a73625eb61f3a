import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Gift, type GiftInput, type GiftPatchInput, giftSchema } from '@refugio/contracts';
import { requestJson } from '../../../lib/api-client';
import { donationsQueryKey } from './donations-query-keys';

/** `POST /api/donativos`: the amount goes as the text typed ("12,50"). */
export async function createGift(input: GiftInput): Promise<Gift> {
  return giftSchema.parse(await requestJson('/api/donativos', { method: 'POST', json: { ...input } }));
}

/** `POST /api/donativos/{id}/anular`: kept with `estado: 'anulado'`, never deleted. */
export async function annulGift({ id, motivo, version }: { id: number; motivo: string; version: number }): Promise<Gift> {
  return giftSchema.parse(await requestJson(`/api/donativos/${id}/anular`, { method: 'POST', json: { motivo, version } }));
}

/** `POST /api/donativos/{id}/devolucion`: a direct debit the bank returned. */
export async function returnGift({ id, version }: { id: number; version: number }): Promise<Gift> {
  return giftSchema.parse(await requestJson(`/api/donativos/${id}/devolucion`, { method: 'POST', json: { version } }));
}

export function useCreateGift() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createGift, onSuccess: () => void queryClient.invalidateQueries({ queryKey: donationsQueryKey }) });
}

export function useAnnulGift() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: annulGift, onSuccess: () => void queryClient.invalidateQueries({ queryKey: donationsQueryKey }) });
}

export function useReturnGift() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: returnGift, onSuccess: () => void queryClient.invalidateQueries({ queryKey: donationsQueryKey }) });
}

/** `POST /api/donativos/{id}/confirmar`: a pending one-off gift (from /colabora), once collected, becomes registered on `fecha`. */
export async function confirmGift({ id, version, fecha }: { id: number; version: number; fecha: string }): Promise<Gift> {
  return giftSchema.parse(await requestJson(`/api/donativos/${id}/confirmar`, { method: 'POST', json: { version, fecha } }));
}

export function useConfirmGift() {
  const queryClient = useQueryClient();
  // Refreshed after a failure too: a 409 means the gift shown is out of date.
  return useMutation({ mutationFn: confirmGift, onSettled: () => void queryClient.invalidateQueries({ queryKey: donationsQueryKey }) });
}

/** `PATCH /api/donativos/{id}`: whether the gift is deductible (Ley 49/2002), with the version shown. */
export async function patchGift({ id, input }: { id: number; input: GiftPatchInput }): Promise<Gift> {
  return giftSchema.parse(await requestJson(`/api/donativos/${id}`, { method: 'PATCH', json: { ...input } }));
}

/**
 * Refreshed after a failure too (a 409 means the gift shown is out of date); pending until the lists are, so the
 * switch never flips back to the old value in between.
 */
export function usePatchGift() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: patchGift, onSettled: () => queryClient.invalidateQueries({ queryKey: donationsQueryKey }) });
}
