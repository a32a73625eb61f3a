import { lazy, Suspense } from 'react';
import { useMatches } from 'react-router';
import { FadeOutlet } from '../layout/fade-outlet';

/** What a route of the simple layout may ask of it (`handle` in router.tsx). */
export interface SimpleLayoutHandle {
  /** A staff screen: a small header with the way back to the app and the person's menu. */
  staffHeader?: boolean;
}

// Only staff screens show it: /login and the public forms never download the menu's code.
const SimpleHeader = lazy(() => import('../layout/simple-header'));

function wantsStaffHeader(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && (handle as SimpleLayoutHandle).staffHeader === true;
}

/** The simple layout: no sidebar, side overlay or footer; the screen owns the page (staff screens get a small header). */
function SimpleLayout() {
  const staffHeader = useMatches().some((match) => wantsStaffHeader(match.handle));
  return (
    <>
      {staffHeader ? (
        <Suspense fallback={<div style={{ height: 60 }} />}>
          <SimpleHeader />
        </Suspense>
      ) : null}
      <FadeOutlet />
    </>
  );
}

export { SimpleLayout as Component };
