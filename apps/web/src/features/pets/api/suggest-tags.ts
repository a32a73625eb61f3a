import { suggestTagsResponseSchema, type SuggestTagsInput } from '@refugio/contracts';
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';

/** `POST /api/ai/etiquetas`: up to 10 tags proposed from the pet's fields (nothing is saved). */
export async function suggestTags(input: SuggestTagsInput): Promise<string[]> {
  return suggestTagsResponseSchema.parse(await requestJson('/api/ai/etiquetas', { json: input })).tags;
}

export function useSuggestTags() {
  return useMutation({ mutationFn: suggestTags });
}
