import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/** One client for the whole app; route loaders use it too, so they share the same cache. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will not fix itself on retry; network hiccups and 5xx get one more chance.
      retry: (failureCount, error) =>
        failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
});
