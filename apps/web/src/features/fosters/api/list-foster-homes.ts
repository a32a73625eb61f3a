import { fosterHomesResponseSchema, type FosterHome, type ListFosterHomesQuery } from '@refugio/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';

/** `GET /api/acogidas?disponibles=&tipo=&tamano=`: foster homes with places used, their animals and their last news. */
export async function listFosterHomes(query: ListFosterHomesQuery, signal?: AbortSignal): Promise<FosterHome[]> {
  const params: Record<string, string> = {};
  if (query.disponibles) params.disponibles = query.disponibles;
  if (query.tipo) params.tipo = query.tipo;
  if (query.tamano) params.tamano = query.tamano;
  return fosterHomesResponseSchema.parse(await requestJson('/api/acogidas', { query: params, signal })).items;
}

export function useFosterHomes(query: ListFosterHomesQuery) {
  return useQuery({ queryKey: ['foster-homes', query], queryFn: ({ signal }) => listFosterHomes(query, signal), placeholderData: keepPreviousData });
}
