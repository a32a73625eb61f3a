import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Fee, type Gift, type SubmittedIdentityField, feeSchema, giftSchema } from '@refugio/contracts';
import { requestJson } from '../../../lib/api-client';
import { donationsQueryKey } from './donations-query-keys';

/** Every person query (the person page, lists, pickers) lives under `['persons']` (features/persons owns the keys). */
const personsQueryKey = ['persons'] as const;

export interface ApplySubmittedDataVariables {
  kind: 'cuota' | 'donativo';
  id: number;
  /** Without it, every field that differs. */
  campos?: SubmittedIdentityField[];
}

/**
 * `POST /api/cuotas/{id}/usar-datos` or `POST /api/donativos/{id}/usar-datos`: what the /colabora submission said
 * (NIF, postcode, address) goes into the person's record, with its history. Nothing left to apply: 409.
 */
export async function applySubmittedData({ kind, id, campos }: ApplySubmittedDataVariables): Promise<Fee | Gift> {
  const path = kind === 'cuota' ? `/api/cuotas/${id}/usar-datos` : `/api/donativos/${id}/usar-datos`;
  const body = await requestJson(path, { method: 'POST', json: campos ? { campos } : {} });
  return kind === 'cuota' ? feeSchema.parse(body) : giftSchema.parse(body);
}

/** The fees and gifts (their `diferencias`) and the person's data are refreshed after it, and after a refusal too. */
export function useApplySubmittedData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applySubmittedData,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: donationsQueryKey }), queryClient.invalidateQueries({ queryKey: personsQueryKey })]),
  });
}
