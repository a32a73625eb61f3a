import { linkCheckSchema, type LinkCheck } from '@refugio/contracts';
import { useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';

/** `GET /api/public/enlaces/{linkId}`: whether the link can take a registration now, and why not. */
export async function checkLink(linkId: string, signal?: AbortSignal): Promise<LinkCheck> {
  return linkCheckSchema.parse(await requestJson(`/api/public/enlaces/${encodeURIComponent(linkId)}`, { signal }));
}

/** Disabled without a link id (the form without a link). */
export function useLinkCheck(linkId: string | undefined) {
  return useQuery({
    queryKey: ['enlace-publico', linkId],
    queryFn: ({ signal }) => checkLink(linkId ?? '', signal),
    enabled: linkId !== undefined && linkId !== '',
    staleTime: 0,
    retry: 1,
  });
}
