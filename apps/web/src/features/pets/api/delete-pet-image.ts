import { phpOkSchema } from '@refugio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { petQueryKey } from './pets-query-key';

export interface DeletePetImageVariables {
  petId: number;
  imageId: number;
}

/** `POST /phpApi/mascota/{id}/imagenes/{imageId}/eliminar` (no body). */
export async function deletePetImage({ petId, imageId }: DeletePetImageVariables): Promise<void> {
  phpOkSchema.parse(await requestJson(`/phpApi/mascota/${petId}/imagenes/${imageId}/eliminar`, { method: 'POST' }));
}

export function useDeletePetImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePetImage,
    onSuccess: (_data, { petId }) => queryClient.invalidateQueries({ queryKey: petQueryKey(petId) }),
  });
}
