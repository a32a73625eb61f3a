import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../features/auth/api/get-session';

/**
 * Keeps the guard true after the first load too: when the session ends while a screen is open
 * (sign-out, or expiry noticed on window focus) the person is sent to /login.
 */
export function RequireSignIn() {
  const { data: session } = useSession();
  if (!session) return <Navigate to="/login" replace />;
  return <Outlet />;
}
