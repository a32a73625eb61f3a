import { petVideoSchema, type PetVideo } from '@refugio/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { requestJson } from '../../../lib/api-client';
import { petVideosQueryKey } from './pets-query-key';

const petVideosSchema = z.array(petVideoSchema);

/** `GET /api/mascotas/{id}/videos`: name, url (streams with HTTP Range) and full path of each video. */
export async function getPetVideos(id: number, signal?: AbortSignal): Promise<PetVideo[]> {
  return petVideosSchema.parse(await requestJson(`/api/mascotas/${id}/videos`, { signal }));
}

export function petVideosQueryOptions(id: number) {
  return queryOptions({ queryKey: petVideosQueryKey(id), queryFn: ({ signal }) => getPetVideos(id, signal) });
}

export function usePetVideos(id: number | null, options: { enabled?: boolean } = {}) {
  return useQuery({ ...petVideosQueryOptions(id ?? 0), enabled: id !== null && (options.enabled ?? true) });
}
