import { useQuery } from '@tanstack/react-query';
import { type PersonRef, listPetsResponseSchema } from '@refugio/contracts';
import { requestJson } from '../../../lib/api-client';

/**
 * `GET /phpApi/mascotas?q=` (the pet list, only once something is typed): the first pets by name that match, for
 * choosing the one a padrino sponsors.
 */
export async function searchPets(q: string, signal?: AbortSignal): Promise<PersonRef[]> {
  const list = listPetsResponseSchema.parse(
    await requestJson('/phpApi/mascotas', { query: { q, sort: 'nombre', order: 'asc', pageSize: '10' }, signal }),
  );
  return list.items.map((p) => ({ id: p.id, nombre: p.nombre }));
}

export function usePetSearch(q: string) {
  return useQuery({ queryKey: ['donations', 'pet-search', q], queryFn: ({ signal }) => searchPets(q, signal), staleTime: 30_000, enabled: q !== '' });
}
