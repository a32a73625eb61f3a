import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';

/** Narrower than this, the screen is a phone's: the toasts move to the bottom (Mantine's `sm` breakpoint, 48em). */
export const PHONE_QUERY = '(max-width: 48em)';

/**
 * The toasts of `notifications.show`. On a computer, top right (SPEC section 9) below the header (global.css):
 * never over the person's menu or a sticky save bar at the bottom. On a phone the top of the screen is the page's
 * title and actions, and a toast there would hide them for as long as it lasts (ten seconds for an undo): there
 * they sit at the bottom, above a sticky save bar when the page has one (global.css), two at most.
 */
function AppToasts() {
  const phone = useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false });
  return phone ? (
    <Notifications position="bottom-center" className="app-toasts" limit={2} />
  ) : (
    <Notifications position="top-right" className="app-toasts" limit={3} />
  );
}

export default AppToasts;
