import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError, requestJson } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

export async function signOut(): Promise<void> {
  try {
    await requestJson('/api/auth/sign-out', { method: 'POST', json: {} });
  } catch (error) {
    // Already signed out (expired or ended elsewhere): the goal is reached.
    if (error instanceof ApiError && error.status === 401) return;
    throw error;
  }
}

/**
 * Ends the session, forgets everything cached for this person and goes to /login. When the server
 * cannot be reached the session is NOT forgotten locally: the cookie would still be valid, and on a
 * shared computer "looks signed out" must mean "is signed out". Callers show the failure.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData(sessionQueryKey, null);
      await navigate('/login', { replace: true });
    },
  });
}
