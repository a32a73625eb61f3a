import { petImageSchema, type PetImage } from '@refugio/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { requestJson } from '../../../lib/api-client';
import { petImagesQueryKey } from './pets-query-key';

const petImagesSchema = z.array(petImageSchema);

/** `GET /phpApi/mascota/{id}/imagenes`: the additional images, in their order (public for published pets). */
export async function getPetImages(id: number, signal?: AbortSignal): Promise<PetImage[]> {
  const images = petImagesSchema.parse(await requestJson(`/phpApi/mascota/${id}/imagenes`, { signal }));
  return [...images].sort((a, b) => a.orden - b.orden);
}

export function petImagesQueryOptions(id: number) {
  return queryOptions({ queryKey: petImagesQueryKey(id), queryFn: ({ signal }) => getPetImages(id, signal) });
}

export function usePetImages(id: number | null, options: { enabled?: boolean } = {}) {
  return useQuery({ ...petImagesQueryOptions(id ?? 0), enabled: id !== null && (options.enabled ?? true) });
}
