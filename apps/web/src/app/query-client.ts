import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { dashboardQueryKey, pendingWorkQueryKey } from '../features/dashboard/api/count-query-keys';
import { sessionQueryKey } from '../lib/session';
import { ApiError } from '../lib/api-client';

/**
 * The counts of work waiting: the header's badge and "Pendientes" (one query), and the dashboard's cards.
 * Nearly every change a person makes moves one of them (a request answered, a pet published or adopted,
 * a registration approved), so after every mutation, done or refused, they are read again here, in one
 * place, rather than by each feature remembering to. An inactive query (the dashboard off screen) is only
 * marked stale, so this costs one small request while the header is shown.
 */
const countQueryKeys = [pendingWorkQueryKey, dashboardQueryKey];

function refreshCounts() {
  return Promise.all(countQueryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * An answer saying that the session has ended (e.g. an administrator disabled the account) or that the
 * password must be changed makes the app read the session again, so the guards move the person on at once
 * (to /login, or to the password change) instead of leaving them on a screen whose calls all fail.
 */
function recheckSessionAfter(error: unknown) {
  if (error instanceof ApiError && (error.code === 'UNAUTHENTICATED' || error.code === 'PASSWORD_CHANGE_REQUIRED')) {
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }
  // A role that must have the two-step sign-in and has not got it yet: only its enrolment opens.
  if (error instanceof ApiError && error.code === 'TWO_FACTOR_REQUIRED' && window.location.pathname !== '/cuenta/dos-pasos') {
    window.location.assign('/cuenta/dos-pasos');
  }
}

/** One client for the whole app; route loaders use it too, so they share the same cache. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.queryKey[0] !== sessionQueryKey[0]) recheckSessionAfter(error);
    },
  }),
  mutationCache: new MutationCache({ onError: recheckSessionAfter, onSettled: () => void refreshCounts() }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will not fix itself on retry; network hiccups and 5xx get one more chance.
      retry: (failureCount, error) => failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
});
