import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Gift, type GiftInput, giftSchema } from '@refugio/contracts';
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
