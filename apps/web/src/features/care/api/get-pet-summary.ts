import { petSchema } from '@refugio/contracts';
import { useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { careQueryKey } from './care-query-keys';

/** The pet's name and species for the health page's heading and its protocols (`GET /phpApi/mascota/{id}`). */
export async function getPetSummary(id: number, signal?: AbortSignal) {
  const pet = petSchema.parse(await requestJson(`/phpApi/mascota/${id}`, { signal }));
  return { id: pet.id, nombre: pet.nombre, tipo: pet.tipo };
}

export function usePetSummary(id: number | null) {
  return useQuery({
    queryKey: [...careQueryKey, 'pet-summary', id ?? 0],
    queryFn: ({ signal }) => getPetSummary(id ?? 0, signal),
    enabled: id !== null,
  });
}
