import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { personsQueryKey } from './persons-query-key';

/** `POST /api/personas/{id}/anonimizar` (administrators): identity removed for good, links and figures kept. */
export async function anonymizePerson(id: number): Promise<void> {
  await requestJson(`/api/personas/${id}/anonimizar`, { method: 'POST' });
}

export function useAnonymizePerson() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: anonymizePerson, onSuccess: () => void queryClient.invalidateQueries({ queryKey: personsQueryKey }) });
}
