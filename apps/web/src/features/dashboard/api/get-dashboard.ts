import { dashboardSchema, type Dashboard } from '@refugio/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { dashboardQueryKey } from './count-query-keys';

/** `GET /api/dashboard`: the counts and series the dashboard draws. */
export async function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return dashboardSchema.parse(await requestJson('/api/dashboard', { signal }));
}

export const dashboardQueryOptions = queryOptions({
  queryKey: dashboardQueryKey,
  queryFn: ({ signal }) => getDashboard(signal),
});

export function useDashboard() {
  return useQuery({ ...dashboardQueryOptions, refetchInterval: 60_000 });
}
