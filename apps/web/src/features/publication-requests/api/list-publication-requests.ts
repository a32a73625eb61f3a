import { listPublicationRequestsResponseSchema, type PublicationRequestState } from '@refugio/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { requestJson } from '../../../lib/api-client';
import { publicationRequestsQueryKey } from './requests-query-key';

export type PublicationRequestsPage = z.infer<typeof listPublicationRequestsResponseSchema>;

/** `GET /api/solicitudes-publicacion?estado=&page=`: pending ones first. */
export async function listPublicationRequests(
  estado: PublicationRequestState | undefined,
  page: number,
  signal?: AbortSignal,
): Promise<PublicationRequestsPage> {
  const data = await requestJson('/api/solicitudes-publicacion', { query: { estado, page: String(page), pageSize: '20' }, signal });
  return listPublicationRequestsResponseSchema.parse(data);
}

export function listPublicationRequestsQueryOptions(estado: PublicationRequestState | undefined, page: number) {
  return queryOptions({
    queryKey: [...publicationRequestsQueryKey, 'list', { estado, page }],
    queryFn: ({ signal }) => listPublicationRequests(estado, page, signal),
  });
}

export function usePublicationRequests(estado: PublicationRequestState | undefined, page: number) {
  return useQuery({ ...listPublicationRequestsQueryOptions(estado, page), placeholderData: keepPreviousData });
}
