import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';
import NavigationProgress from './navigation-progress';
import PageLoader from './page-loader';

const modalLabels = { confirm: 'Confirmar', cancel: 'Cancelar' };

/**
 * What every screen may use, whatever its layout: the confirmation dialogs of `modals.openConfirmModal`,
 * the toasts of `notifications.show`, the page-loader spinner and the progress bar of a slow page change. Screens reach the first two through
 * Mantine's global event API, so these only need to be mounted once (the root layout does), not to wrap
 * the screens.
 */
function AppOverlays() {
  return (
    <>
      <ModalsProvider labels={modalLabels}>{null}</ModalsProvider>
      {/* Top right (SPEC section 9), below the header (global.css): never over the person's menu or a
          sticky save bar at the bottom. */}
      <Notifications position="top-right" className="app-toasts" limit={3} />
      <PageLoader />
      <NavigationProgress />
    </>
  );
}

export default AppOverlays;
