import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { petsQueryKey } from './pets-query-key';

/** `POST /phpApi/mascota/{id}/eliminar`: a soft delete, undone by `restaurar`. */
export async function deletePet(id: number): Promise<void> {
  await requestJson(`/phpApi/mascota/${id}/eliminar`, { method: 'POST' });
}

export function useDeletePet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: petsQueryKey }),
  });
}
