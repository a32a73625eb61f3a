import { listPetsResponseSchema } from '@refugio/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { adoptionRequestsQueryKey } from './adoption-requests-query-key';

export interface PetOption {
  value: string;
  label: string;
}

/** Pets for the list's pet filter: `GET /phpApi/mascotas` searched by name, 20 at a time. */
export async function searchPetOptions(q: string, signal?: AbortSignal): Promise<PetOption[]> {
  const data = listPetsResponseSchema.parse(
    await requestJson('/phpApi/mascotas', { query: { q: q.trim() || undefined, sort: 'nombre', order: 'asc', pageSize: '20' }, signal }),
  );
  return data.items.map((pet) => ({ value: String(pet.id), label: `${pet.nombre} (${pet.tipo})` }));
}

export function usePetOptions(q: string) {
  return useQuery({
    queryKey: [...adoptionRequestsQueryKey, 'pet-options', q.trim()],
    queryFn: ({ signal }) => searchPetOptions(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
