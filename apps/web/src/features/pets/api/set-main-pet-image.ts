import { petSchema } from '@refugio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { decodePet, type PetView } from './pet-view';
import { petQueryKey, petListsQueryKey } from './pets-query-key';

export interface SetMainPetImageVariables {
  petId: number;
  imageId: number;
}

/**
 * `POST /phpApi/mascota/{id}/imagenes/{imageId}/principal`: the previous main image joins the gallery. Answers
 * the pet, whose version went up by one (Editar's form follows it, so its next save is not a false conflict).
 */
export async function setMainPetImage({ petId, imageId }: SetMainPetImageVariables): Promise<PetView> {
  const raw = await requestJson(`/phpApi/mascota/${petId}/imagenes/${imageId}/principal`, { method: 'POST' });
  return decodePet(petSchema.parse(raw));
}

export function useSetMainPetImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMainPetImage,
    // The pet's key holds its images too: both come back from the server.
    onSuccess: async (_pet, { petId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: petQueryKey(petId) }),
        queryClient.invalidateQueries({ queryKey: petListsQueryKey }),
      ]);
    },
  });
}
