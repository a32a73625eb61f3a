import { portalLinkSchema } from '@refugio/contracts';
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';

/** `POST /api/personas/{id}/portal` `{ canal? }`: a new portal link (the previous one stops working). */
export function useCreatePortalLink() {
  return useMutation({
    mutationFn: async (input: { personaId: number; canal?: 'email' | 'whatsapp' }) =>
      portalLinkSchema.parse(
        await requestJson(`/api/personas/${input.personaId}/portal`, { method: 'POST', json: input.canal ? { canal: input.canal } : {} }),
      ),
  });
}

/** `DELETE /api/personas/{id}/portal`: the person's link stops working. */
export function useRevokePortalLink() {
  return useMutation({
    mutationFn: async (personaId: number) => {
      await requestJson(`/api/personas/${personaId}/portal`, { method: 'DELETE' });
    },
  });
}
