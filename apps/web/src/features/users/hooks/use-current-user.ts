import { useOutletContext } from 'react-router';

/** The signed-in administrator, as the users screens need them. */
export interface CurrentUser {
  id: string;
  /** SPEC 3: the current user is matched to the user list by comparing this with `mail`. */
  email: string;
  /** Reads the session again, e.g. after the administrator edited their own name or color. */
  refresh: () => void;
}

/**
 * The users screens render only under the app's administrator guard, which provides the current user as
 * its outlet context (so this feature does not reach into the auth feature).
 */
export function useCurrentUser(): CurrentUser {
  return useOutletContext<CurrentUser>();
}
