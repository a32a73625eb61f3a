import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifySignedIn } from '../../../lib/after-sign-in';
import { requestJson } from '../../../lib/api-client';
import { getSession, sessionQueryKey } from '../../../lib/session';
import { ENROL_FLAG } from './two-factor';

export interface SignInInput {
  email: string;
  password: string;
}

/** Thrown when sign-in answered 200 but no session followed (e.g. the cookie was refused). */
export class SessionNotEstablishedError extends Error {
  override readonly name = 'SessionNotEstablishedError';
}

/** What a right password leads to: a session, a session that must first enrol in the second step, or the code. */
export type SignInStep = 'session' | 'enrol' | 'code';

export async function signIn(input: SignInInput): Promise<SignInStep> {
  const answer = (await requestJson('/api/auth/sign-in/email', { method: 'POST', json: { ...input } })) as {
    twoFactorRedirect?: boolean;
    siguientePaso?: string;
  } | null;
  if (answer?.twoFactorRedirect) return 'code';
  return answer?.siguientePaso === 'activar-dos-pasos' ? 'enrol' : 'session';
}

/** Reads the session the server has just opened (after the password, or after the second step's code). */
export async function establishedSession() {
  // The cookie is set: the app may start loading the next screen's data alongside the session read.
  notifySignedIn();
  const session = await getSession();
  if (!session) throw new SessionNotEstablishedError('Sign-in did not establish a session');
  return session;
}

/**
 * Signs in, then reads the session back from the server: the cookie, not the sign-in answer, is what
 * later requests rely on, so the app only counts as signed in once the server confirms it.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput) => {
      const step = await signIn(input);
      if (step === 'code') return null;
      if (step === 'enrol') sessionStorage.setItem(ENROL_FLAG, '1');
      return establishedSession();
    },
    onSuccess: (session) => {
      if (session) queryClient.setQueryData(sessionQueryKey, session);
    },
  });
}
