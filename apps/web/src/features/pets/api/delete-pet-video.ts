import { videoDeletedSchema } from '@refugio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { petVideosQueryKey } from './pets-query-key';

export interface DeletePetVideoVariables {
  petId: number;
  /** The stored name, as listed (PET_VIDEO_{petId}_{timestamp}_{file name}). */
  name: string;
}

/** `DELETE /api/mascotas/{id}/videos/{name}`. */
export async function deletePetVideo({ petId, name }: DeletePetVideoVariables): Promise<void> {
  videoDeletedSchema.parse(await requestJson(`/api/mascotas/${petId}/videos/${encodeURIComponent(name)}`, { method: 'DELETE' }));
}

export function useDeletePetVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePetVideo,
    onSuccess: (_data, { petId }) => queryClient.invalidateQueries({ queryKey: petVideosQueryKey(petId) }),
  });
}
