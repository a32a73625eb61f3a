import { type FosterProfile, type FosterProfileInput, fosterProfileSchema } from '@refugio/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, requestJson } from '../../../lib/api-client';
import { personQueryKey } from './persons-query-key';

export const fosterProfileQueryKey = (personId: number) => [...personQueryKey(personId), 'foster-profile'] as const;

/** `GET /api/personas/{id}/acogida`: the person's foster profile, or null when they have none (404). */
export async function getFosterProfile(personId: number, signal?: AbortSignal): Promise<FosterProfile | null> {
  try {
    return fosterProfileSchema.parse(await requestJson(`/api/personas/${personId}/acogida`, { signal }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useFosterProfile(personId: number) {
  return useQuery({ queryKey: fosterProfileQueryKey(personId), queryFn: ({ signal }) => getFosterProfile(personId, signal) });
}

/** `PUT /api/personas/{id}/acogida`: creates or replaces the profile; a stale `version` answers 409. */
export async function putFosterProfile({ personId, input }: { personId: number; input: FosterProfileInput }): Promise<FosterProfile> {
  return fosterProfileSchema.parse(await requestJson(`/api/personas/${personId}/acogida`, { method: 'PUT', json: { ...input } }));
}

export function usePutFosterProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putFosterProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(fosterProfileQueryKey(profile.personaId), profile);
      // The person gets the role 'acogida' and a history event.
      void queryClient.invalidateQueries({ queryKey: personQueryKey(profile.personaId), exact: true });
      void queryClient.invalidateQueries({ queryKey: [...personQueryKey(profile.personaId), 'history'] });
      void queryClient.invalidateQueries({ queryKey: ['foster-homes'] });
    },
  });
}
