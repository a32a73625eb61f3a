import { publicationItemSchema, type PublicationItem, type SetPublicationInput } from '@refugio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { publicationsQueryKey } from './publications-query-key';

export type SetPublicationVariables = SetPublicationInput & { id: number };

/** `POST /phpApi/mascota/{id}/publicacion`: publish, schedule or withdraw one pet, from the version shown (409 when stale). */
export async function setPublication({ id, ...input }: SetPublicationVariables): Promise<PublicationItem> {
  return publicationItemSchema.parse(await requestJson(`/phpApi/mascota/${id}/publicacion`, { json: input }));
}

export function useSetPublication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPublication,
    // Success or conflict, the list shows the current state afterwards; the pet screens read it again too.
    onSettled: () =>
      Promise.all(
        // The pets feature's lists change too (its key, by name); the counts refresh after every mutation (app/query-client.ts).
        [publicationsQueryKey, ['pets']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
