import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { patchPetInLists } from './patch-pet-lists';
import { petQueryKey } from './pets-query-key';

/** `POST /phpApi/mascota/{id}/eliminar`: a soft delete, undone by `restaurar`. */
export async function deletePet(id: number): Promise<void> {
  await requestJson(`/phpApi/mascota/${id}/eliminar`, { method: 'POST' });
}

export function useDeletePet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePet,
    // The row stays where it is, shown as deleted with 'Restaurar', until the list loads again.
    onSuccess: (_data, id) =>
      Promise.all([
        patchPetInLists(queryClient, id, { deletedAt: new Date().toISOString() }),
        queryClient.invalidateQueries({ queryKey: petQueryKey(id) }),
      ]),
  });
}
