import { type MovementInput, movementsResponseSchema, type MovementsResponse } from '@refugio/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { petListsQueryKey, petQueryKey } from './pets-query-key';

export const petMovementsQueryKey = (id: number) => [...petQueryKey(id), 'movements'] as const;

/** `GET /api/mascotas/{id}/movimientos`: where the pet is, its movements (newest first) and its version. */
export async function getPetMovements(petId: number, signal?: AbortSignal): Promise<MovementsResponse> {
  return movementsResponseSchema.parse(await requestJson(`/api/mascotas/${petId}/movimientos`, { signal }));
}

export function usePetMovements(petId: number) {
  return useQuery({ queryKey: petMovementsQueryKey(petId), queryFn: ({ signal }) => getPetMovements(petId, signal) });
}

/** `POST /api/mascotas/{id}/movimientos`: records one movement (a stale `version` answers 409 in Spanish). */
export async function recordMovement({ petId, ...input }: MovementInput & { petId: number }) {
  return movementsResponseSchema.parse(await requestJson(`/api/mascotas/${petId}/movimientos`, { method: 'POST', json: { ...input } }));
}

export function useRecordMovement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordMovement,
    // Location, `adoptado`, publication and version change with a movement: the pet and the lists reload.
    onSuccess: (answer, { petId }) => queryClient.setQueryData(petMovementsQueryKey(petId), answer),
    onSettled: (_m, _e, { petId }) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: petQueryKey(petId) }), queryClient.invalidateQueries({ queryKey: petListsQueryKey })]),
  });
}
