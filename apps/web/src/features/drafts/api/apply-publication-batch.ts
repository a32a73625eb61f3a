import { publicationBatchResultSchema, type PublicationBatchInput, type PublicationBatchResult } from '@refugio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { publicationsQueryKey } from './publications-query-key';

/** `POST /api/publicaciones/lote`: the same change for several pets; the answer says, per pet, whether it applied. */
export async function applyPublicationBatch(input: PublicationBatchInput): Promise<PublicationBatchResult> {
  return publicationBatchResultSchema.parse(await requestJson('/api/publicaciones/lote', { json: input }));
}

export function useApplyPublicationBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyPublicationBatch,
    onSettled: () =>
      Promise.all(
        // The pets feature's lists change too (its key, by name); the counts refresh after every mutation (app/query-client.ts).
        [publicationsQueryKey, ['pets']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
