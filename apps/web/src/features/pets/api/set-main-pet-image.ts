import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { petQueryKey, petListsQueryKey } from './pets-query-key';

export interface SetMainPetImageVariables {
  petId: number;
  imageId: number;
}

/** `POST /phpApi/mascota/{id}/imagenes/{imageId}/principal`: the previous main image joins the gallery. */
export async function setMainPetImage({ petId, imageId }: SetMainPetImageVariables): Promise<void> {
  await requestJson(`/phpApi/mascota/${petId}/imagenes/${imageId}/principal`, { method: 'POST' });
}

export function useSetMainPetImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMainPetImage,
    onSuccess: async (_data, { petId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: petQueryKey(petId) }),
        queryClient.invalidateQueries({ queryKey: petListsQueryKey }),
      ]);
    },
  });
}
