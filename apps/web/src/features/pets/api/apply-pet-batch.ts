import { petBatchResultSchema, type PetBatchInput, type PetBatchResult } from '@refugio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { petsQueryKey } from './pets-query-key';

/** `POST /api/mascotas/lote`: one action for the picked pets or every pet matching the filter; the answer says, per pet, what happened. */
export async function applyPetBatch(input: PetBatchInput): Promise<PetBatchResult> {
  return petBatchResultSchema.parse(await requestJson('/api/mascotas/lote', { json: input }));
}

export function useApplyPetBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyPetBatch,
    // Pets and Publicaciones Programadas may change (another feature's key, by name); the dashboard's figures and
    // Pendientes refresh after every mutation (app/query-client.ts).
    onSettled: () => Promise.all([petsQueryKey, ['publicaciones']].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
