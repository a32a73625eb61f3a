import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifySignedIn } from '../../../lib/after-sign-in';
import { requestJson } from '../../../lib/api-client';
import { getSession, sessionQueryKey } from '../../../lib/session';

export interface SignInInput {
  email: string;
  password: string;
}

/** Thrown when sign-in answered 200 but no session followed (e.g. the cookie was refused). */
export class SessionNotEstablishedError extends Error {
  override readonly name = 'SessionNotEstablishedError';
}

export async function signIn(input: SignInInput): Promise<void> {
  await requestJson('/api/auth/sign-in/email', { method: 'POST', json: { ...input } });
}

/**
 * Signs in, then reads the session back from the server: the cookie, not the sign-in answer, is what
 * later requests rely on, so the app only counts as signed in once the server confirms it.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput) => {
      await signIn(input);
      // The cookie is set: the app may start loading the next screen's data alongside the session read.
      notifySignedIn();
      const session = await getSession();
      if (!session) throw new SessionNotEstablishedError('Sign-in did not establish a session');
      return session;
    },
    onSuccess: (session) => {
      queryClient.setQueryData(sessionQueryKey, session);
    },
  });
}
