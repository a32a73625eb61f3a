import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { careSheetSchema, type CareSheet } from '@refugio/contracts';
import { petCareQueryKey } from './care-query-keys';

/** `GET /api/mascotas/{id}/salud`: the pet's done records, the planned ones and its weights. */
export async function getPetCare(petId: number, signal?: AbortSignal): Promise<CareSheet> {
  return careSheetSchema.parse(await requestJson(`/api/mascotas/${petId}/salud`, { signal }));
}

export function petCareQueryOptions(petId: number) {
  return queryOptions({ queryKey: petCareQueryKey(petId), queryFn: ({ signal }) => getPetCare(petId, signal) });
}

export function usePetCare(petId: number | null) {
  return useQuery({ ...petCareQueryOptions(petId ?? 0), enabled: petId !== null });
}
