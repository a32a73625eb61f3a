import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '../lib/session';
import { ApiError } from '../lib/api-client';

/**
 * An answer saying that the session has ended (e.g. an administrator disabled the account) or that the
 * password must be changed makes the app read the session again, so the guards move the person on at once
 * (to /login, or to the password change) instead of leaving them on a screen whose calls all fail.
 */
function recheckSessionAfter(error: unknown) {
  if (error instanceof ApiError && (error.code === 'UNAUTHENTICATED' || error.code === 'PASSWORD_CHANGE_REQUIRED')) {
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }
}

/** One client for the whole app; route loaders use it too, so they share the same cache. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.queryKey[0] !== sessionQueryKey[0]) recheckSessionAfter(error);
    },
  }),
  mutationCache: new MutationCache({ onError: recheckSessionAfter }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will not fix itself on retry; network hiccups and 5xx get one more chance.
      retry: (failureCount, error) => failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
});
