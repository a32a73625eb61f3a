import { improveTextResponseSchema, type ImproveTextInput } from '@refugio/contracts';
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';

/** `POST /api/ai/mejorar-texto`: a proposed rewrite of the story or the personality (nothing is saved). */
export async function improveText(input: ImproveTextInput): Promise<string> {
  return improveTextResponseSchema.parse(await requestJson('/api/ai/mejorar-texto', { json: input })).texto;
}

export function useImproveText() {
  return useMutation({ mutationFn: improveText });
}
