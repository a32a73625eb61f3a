/**
 * The keys of the counts of work waiting, on their own (no schema, no fetcher): the app's query client
 * refreshes them after every mutation and sits in the first download, where zod must not be.
 */
export const pendingWorkQueryKey = ['pendientes'] as const;
export const dashboardQueryKey = ['dashboard'] as const;
