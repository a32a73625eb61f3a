import { suggestPostResponseSchema } from '@refugio/contracts';
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';

/** `POST /api/mascotas/{id}/publicacion-sugerida`: a proposed Spanish post for social networks (nothing is saved). */
export async function suggestPost(petId: number): Promise<string> {
  return suggestPostResponseSchema.parse(await requestJson(`/api/mascotas/${petId}/publicacion-sugerida`, { method: 'POST' })).texto;
}

export function useSuggestPost() {
  return useMutation({ mutationFn: suggestPost });
}
