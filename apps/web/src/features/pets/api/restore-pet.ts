import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { petsQueryKey } from './pets-query-key';

/** `POST /phpApi/mascota/{id}/restaurar`: undoes a delete (whoever deleted it, or an administrator). */
export async function restorePet(id: number): Promise<void> {
  await requestJson(`/phpApi/mascota/${id}/restaurar`, { method: 'POST' });
}

export function useRestorePet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restorePet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: petsQueryKey }),
  });
}
