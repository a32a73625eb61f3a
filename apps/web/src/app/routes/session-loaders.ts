import { redirect, type LoaderFunctionArgs } from 'react-router';
import { sessionQueryKey, sessionQueryOptions, type Session } from '../../lib/session';
import { getLoginPath } from '../../features/auth/lib/get-safe-redirect-path';
import { queryClient } from '../query-client';

/**
 * Makes the authentication state known before any screen renders (the router shows the 'Cargando...'
 * fallback meanwhile). If the server cannot be reached the person counts as signed out: the sign-in
 * screen then explains the connection problem when they try.
 */
export async function loadSessionState(): Promise<Session | null> {
  try {
    return await queryClient.ensureQueryData(sessionQueryOptions);
  } catch {
    queryClient.setQueryData(sessionQueryKey, null);
    return null;
  }
}

export async function rootLoader(): Promise<null> {
  await loadSessionState();
  return null;
}

/** Where a person with a temporary password is sent before any signed-in screen can render. */
export const CHANGE_PASSWORD_PATH = '/cambiar-contrasena';

/** /login remembers where the signed-out visitor was going. */
function redirectToLogin(request: Request): Response {
  const url = new URL(request.url);
  return redirect(getLoginPath(url.pathname + url.search));
}

/** A session is required (the password change screen itself). */
export async function requireSessionLoader({ request }: LoaderFunctionArgs): Promise<Response | null> {
  return (await loadSessionState()) ? null : redirectToLogin(request);
}

/**
 * Guard of the signed-in screens: a session is required, and a temporary password must be replaced first
 * (the server refuses every other call until then anyway).
 */
export async function requireSignInLoader({ request }: LoaderFunctionArgs): Promise<Response | null> {
  const session = await loadSessionState();
  if (!session) return redirectToLogin(request);
  return session.user.mustChangePassword ? redirect(CHANGE_PASSWORD_PATH) : null;
}
