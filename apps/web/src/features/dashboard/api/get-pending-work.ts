import { pendingWorkSchema, type PendingWork } from '@refugio/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { pendingWorkQueryKey } from './count-query-keys';

/** How often the side overlay and the header badge ask again while the app is open (and on focus). */
export const PENDING_WORK_REFRESH_MS = 60_000;

/** `GET /api/pendientes`: new adoption requests, pending publication requests, publications due today. */
export async function getPendingWork(signal?: AbortSignal): Promise<PendingWork> {
  return pendingWorkSchema.parse(await requestJson('/api/pendientes', { signal }));
}

export const pendingWorkQueryOptions = queryOptions({
  queryKey: pendingWorkQueryKey,
  queryFn: ({ signal }) => getPendingWork(signal),
  staleTime: PENDING_WORK_REFRESH_MS / 2,
  refetchInterval: PENDING_WORK_REFRESH_MS,
  refetchOnWindowFocus: true,
});

/** Only with a session: the header is also shown to signed-out visitors of /imagenes/{id}. */
export function usePendingWork({ enabled }: { enabled: boolean }) {
  return useQuery({ ...pendingWorkQueryOptions, enabled });
}
