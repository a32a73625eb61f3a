/*
 * What the app starts the moment the server has accepted a password, before the session is read back and
 * before any screen changes: the sign-in feature announces it here, and the app (which knows the screens)
 * listens, so no feature has to import another (the app prefetches the first screen's code and data).
 */

type SignedInListener = () => void;

const listeners = new Set<SignedInListener>();

/** Runs `listener` after each accepted sign-in; answers the function that stops it. */
export function onSignedIn(listener: SignedInListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the sign-in once the server has set the session cookie. A listener's failure never stops the sign-in. */
export function notifySignedIn(): void {
  for (const listener of listeners) {
    try {
      listener();
    } catch {
      // Prefetching is an optimisation: the screens load their own code and data anyway.
    }
  }
}
