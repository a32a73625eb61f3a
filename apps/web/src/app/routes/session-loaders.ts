import { redirect, type LoaderFunctionArgs } from 'react-router';
import { sessionQueryKey, sessionQueryOptions, type Session } from '../../features/auth/api/get-session';
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

/** Guard of the signed-in screens: signed-out visitors go to /login, which remembers where they were going. */
export async function requireSignInLoader({ request }: LoaderFunctionArgs): Promise<Response | null> {
  const session = await loadSessionState();
  if (session) return null;
  const url = new URL(request.url);
  return redirect(getLoginPath(url.pathname + url.search));
}
