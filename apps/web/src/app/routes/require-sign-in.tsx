import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../lib/session';
import { CHANGE_PASSWORD_PATH } from './session-loaders';

/**
 * Keeps the guard true after the first load too: when the session ends while a screen is open
 * (sign-out, or expiry noticed on window focus) the person is sent to /login, and when the password
 * became temporary, to the password change.
 */
export function RequireSignIn() {
  const { data: session } = useSession();
  if (!session) return <Navigate to="/login" replace />;
  if (session.user.mustChangePassword) return <Navigate to={CHANGE_PASSWORD_PATH} replace />;
  return <Outlet />;
}
