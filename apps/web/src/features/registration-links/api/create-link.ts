import { linkSchema, type CreateLinkInput, type RegistrationLink } from '@refugio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { linksQueryKey } from './links-query-key';

/** `POST /api/enlaces`: a link under a package for a named recipient. */
export async function createLink(input: CreateLinkInput): Promise<RegistrationLink> {
  return linkSchema.parse(await requestJson('/api/enlaces', { method: 'POST', json: { ...input } }));
}

export function useCreateLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLink,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: linksQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['paquetes'] });
    },
  });
}
