import type { QueryClient } from '@tanstack/react-query';
import { getSafeRedirectPath } from '../features/auth/lib/get-safe-redirect-path';
import { onSignedIn } from '../lib/after-sign-in';

/*
 * From "Iniciar sesión" to the list of pets without a waterfall (sign-in, then the session, then the layout's
 * and the list's code, then the list's data). While the sign-in screen sits idle (the person is typing), the
 * code of the signed-in layout and of Home is fetched; as soon as the password is accepted, the first page
 * of the list is requested at the same time as the session. None of this is in the /login download: they are
 * dynamic imports.
 */

/** The code of the backend layout and of Home (the screen after sign-in unless the address names another). */
export function preloadSignedInCode(): Promise<unknown> {
  return Promise.all([import('./routes/backend-layout'), import('../features/pets/routes/home')]);
}

/** Runs `task` when the browser has nothing better to do (or soon, where idle callbacks do not exist). */
export function whenIdle(task: () => void): void {
  if (typeof window === 'undefined') return;
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 1500 });
  else setTimeout(task, 300);
}

/** Home's first page, as its screen will ask for it, for the address the sign-in goes to (when that is Home). */
export async function prefetchHomeData(queryClient: QueryClient, target: string): Promise<void> {
  const url = new URL(target, 'http://refugio.invalid');
  if (url.pathname !== '/') return;
  const [{ listPetsQueryOptions }, { readPetsListParams }] = await Promise.all([
    import('../features/pets/api/list-pets'),
    import('../features/pets/lib/pets-list-params'),
  ]);
  await queryClient.prefetchQuery(listPetsQueryOptions(readPetsListParams(url.searchParams)));
}

let stopListening: (() => void) | null = null;

/**
 * The sign-in screen's loader calls this: the signed-in code is fetched when idle, and the data at the accepted
 * password (one listener, however often /login is visited).
 */
export function prefetchFirstScreenOnSignIn(queryClient: QueryClient): void {
  whenIdle(() => void preloadSignedInCode().catch(() => undefined));
  stopListening ??= onSignedIn(() => {
    void preloadSignedInCode().catch(() => undefined);
    const target = getSafeRedirectPath(new URLSearchParams(window.location.search).get('redirect'));
    void prefetchHomeData(queryClient, target).catch(() => undefined);
  });
}
