import { useQuery } from '@tanstack/react-query';
import { type PersonRef, listPetsResponseSchema } from '@refugio/contracts';
import { requestJson } from '../../../lib/api-client';

/** `GET /api/mascotas?q=` (only once something is typed): a few pets whose name matches, for choosing the one a padrino sponsors. */
export async function searchPets(q: string, signal?: AbortSignal): Promise<PersonRef[]> {
  const list = listPetsResponseSchema.parse(await requestJson('/api/mascotas', { query: { q, pageSize: '10' }, signal }));
  return list.items.map((p) => ({ id: p.id, nombre: p.nombre }));
}

export function usePetSearch(q: string) {
  return useQuery({ queryKey: ['donations', 'pet-search', q], queryFn: ({ signal }) => searchPets(q, signal), staleTime: 30_000, enabled: q !== '' });
}
