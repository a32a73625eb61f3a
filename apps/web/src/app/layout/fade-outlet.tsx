import { Outlet, useLocation } from 'react-router';

/**
 * The page-change fade: a new key per path remounts the wrapper, which replays its CSS fade-in.
 * CSS rather than a JS transition library keeps the entry chunk small.
 */
export function FadeOutlet() {
  const { pathname } = useLocation();
  return (
    <div key={pathname} className="page-fade">
      <Outlet />
    </div>
  );
}
