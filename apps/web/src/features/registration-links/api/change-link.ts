import { linkSchema, type RegistrationLink } from '@refugio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { linksQueryKey } from './links-query-key';

/** `POST /api/enlaces/{id}/revocar`. */
export async function revokeLink(id: string): Promise<RegistrationLink> {
  return linkSchema.parse(await requestJson(`/api/enlaces/${encodeURIComponent(id)}/revocar`, { method: 'POST' }));
}

/** `POST /api/enlaces/{id}/extender` with `{ dias }`. */
export async function extendLink({ id, dias }: { id: string; dias: number }): Promise<RegistrationLink> {
  return linkSchema.parse(await requestJson(`/api/enlaces/${encodeURIComponent(id)}/extender`, { method: 'POST', json: { dias } }));
}

export function useRevokeLink() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeLink, onSuccess: () => queryClient.invalidateQueries({ queryKey: linksQueryKey }) });
}

export function useExtendLink() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: extendLink, onSuccess: () => queryClient.invalidateQueries({ queryKey: linksQueryKey }) });
}
