import type { PetImage } from '@refugio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { petImagesQueryKey } from './pets-query-key';

export interface ReorderPetImagesVariables {
  petId: number;
  /** Every image id of the pet, in the new order. */
  ids: number[];
}

/** `POST /phpApi/mascota/{id}/imagenes/orden` with `{ ids }`. */
export async function reorderPetImages({ petId, ids }: ReorderPetImagesVariables): Promise<void> {
  await requestJson(`/phpApi/mascota/${petId}/imagenes/orden`, { json: { ids } });
}

/**
 * Moves the gallery at once and puts it back if the server refuses. Orders are sent one after the other (one
 * mutation scope), so a quick second move never races the first.
 */
export function useReorderPetImages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderPetImages,
    scope: { id: 'reorder-pet-images' },
    onMutate: async ({ petId, ids }) => {
      const key = petImagesQueryKey(petId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<PetImage[]>(key);
      if (previous) {
        const byId = new Map(previous.map((image) => [image.id, image]));
        const moved = ids.flatMap((id, orden) => {
          const image = byId.get(id);
          return image ? [{ ...image, orden }] : [];
        });
        queryClient.setQueryData(key, moved);
      }
      return { previous };
    },
    onError: (_error, { petId }, context) => {
      if (context?.previous) queryClient.setQueryData(petImagesQueryKey(petId), context.previous);
    },
    onSettled: (_data, _error, { petId }) => queryClient.invalidateQueries({ queryKey: petImagesQueryKey(petId) }),
  });
}
