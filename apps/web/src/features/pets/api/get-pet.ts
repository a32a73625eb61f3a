import { petSchema } from '@refugio/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { decodePet, type PetView } from './pet-view';
import { petQueryKey } from './pets-query-key';

/** `GET /phpApi/mascota/{id}`: the pet's fields, decoded (404 when it does not exist). */
export async function getPet(id: number, signal?: AbortSignal): Promise<PetView> {
  const raw = await requestJson(`/phpApi/mascota/${id}`, { signal });
  return decodePet(petSchema.parse(raw));
}

export function petQueryOptions(id: number) {
  return queryOptions({ queryKey: petQueryKey(id), queryFn: ({ signal }) => getPet(id, signal) });
}

export function usePet(id: number | null, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...petQueryOptions(id ?? 0),
    enabled: id !== null && (options.enabled ?? true),
  });
}
