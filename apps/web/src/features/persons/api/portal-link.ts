import { portalLinkSchema, portalLinkStateSchema } from '@refugio/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { personQueryKey } from './persons-query-key';

const portalLinkStateKey = (personaId: number) => [...personQueryKey(personaId), 'portal'] as const;

/** `GET /api/personas/{id}/portal`: whether the person has a link that still works, and until when. */
export function usePortalLinkState(personaId: number) {
  return useQuery({
    queryKey: portalLinkStateKey(personaId),
    queryFn: async ({ signal }) => portalLinkStateSchema.parse(await requestJson(`/api/personas/${personaId}/portal`, { signal })),
  });
}

/** `POST /api/personas/{id}/portal` `{ canal? }`: a new portal link (the previous one stops working). */
export function useCreatePortalLink() {
  const queryClient = useQueryClient();
  return useMutation({
    onSettled: (_data, _error, input) => void queryClient.invalidateQueries({ queryKey: portalLinkStateKey(input.personaId) }),
    mutationFn: async (input: { personaId: number; canal?: 'email' | 'whatsapp' }) =>
      portalLinkSchema.parse(
        await requestJson(`/api/personas/${input.personaId}/portal`, { method: 'POST', json: input.canal ? { canal: input.canal } : {} }),
      ),
  });
}

/** `DELETE /api/personas/{id}/portal`: the person's link stops working. */
export function useRevokePortalLink() {
  const queryClient = useQueryClient();
  return useMutation({
    onSettled: (_data, _error, personaId) => void queryClient.invalidateQueries({ queryKey: portalLinkStateKey(personaId) }),
    mutationFn: async (personaId: number) => {
      await requestJson(`/api/personas/${personaId}/portal`, { method: 'DELETE' });
    },
  });
}
