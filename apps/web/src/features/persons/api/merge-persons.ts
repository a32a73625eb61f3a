import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { type MergePersonInput, type Person, personSchema } from '@refugio/contracts';
import { personsQueryKey } from './persons-query-key';

export interface MergePersonsInput {
  /** The record that stays. */
  id: number;
  /** The record whose links move to `id` and that is then gone. */
  conId: number;
  /** The fields whose value comes from `conId` (the rest keep `id`'s). */
  valores?: MergePersonInput['valores'];
}

/** `POST /api/personas/{id}/fusionar` `{ conId, valores? }`: one person from two; the history of both is kept. */
export async function mergePersons({ id, conId, valores }: MergePersonsInput): Promise<Person> {
  const raw = await requestJson(`/api/personas/${id}/fusionar`, {
    method: 'POST',
    json: valores && Object.keys(valores).length > 0 ? { conId, valores } : { conId },
  });
  return personSchema.parse(raw);
}

export function useMergePersons() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergePersons,
    // Both records, their lists, requests and messages change: everything about persons is read again.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: personsQueryKey }),
  });
}
