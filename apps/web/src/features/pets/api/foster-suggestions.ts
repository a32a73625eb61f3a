import { fosterSuggestionsResponseSchema, type FosterSuggestion } from '@refugio/contracts';
import { useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { petQueryKey } from './pets-query-key';

/** `GET /api/mascotas/{id}/acogidas-sugeridas`: homes with room today whose preferences accept the pet, best first. */
export async function getFosterSuggestions(petId: number, signal?: AbortSignal): Promise<FosterSuggestion[]> {
  return fosterSuggestionsResponseSchema.parse(await requestJson(`/api/mascotas/${petId}/acogidas-sugeridas`, { signal })).items;
}

export function useFosterSuggestions(petId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...petQueryKey(petId), 'foster-suggestions'],
    queryFn: ({ signal }) => getFosterSuggestions(petId, signal),
    enabled,
    staleTime: 0,
  });
}
