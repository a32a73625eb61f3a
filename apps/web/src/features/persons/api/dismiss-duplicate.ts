import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { personsQueryKey } from './persons-query-key';

/** `POST /api/personas/{id}/duplicados/{otraId}/descartar`: the two records are different people. */
export async function dismissDuplicate({ id, otraId }: { id: number; otraId: number }): Promise<void> {
  await requestJson(`/api/personas/${id}/duplicados/${otraId}/descartar`, { method: 'POST' });
}

export function useDismissDuplicate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: dismissDuplicate, onSuccess: () => void queryClient.invalidateQueries({ queryKey: personsQueryKey }) });
}
