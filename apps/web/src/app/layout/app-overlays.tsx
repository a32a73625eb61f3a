import { ModalsProvider } from '@mantine/modals';
import { useLayoutEffect } from 'react';
import AppToasts from './app-toasts';
import NavigationProgress from './navigation-progress';
import PageLoader from './page-loader';
import { releaseEarlyModalEvents } from './early-modal-events';

const modalLabels = { confirm: 'Confirmar', cancel: 'Cancelar' };

/**
 * What every screen may use, whatever its layout: the confirmation dialogs of `modals.openConfirmModal`,
 * the toasts of `notifications.show`, the page-loader spinner and the progress bar of a slow page change. Screens reach the first two through
 * Mantine's global event API, so these only need to be mounted once (the root layout does), not to wrap
 * the screens.
 */
function AppOverlays() {
  // After the provider's own layout effect (children's run first): it listens now, so what was held is sent to it.
  useLayoutEffect(releaseEarlyModalEvents, []);
  return (
    <>
      <ModalsProvider labels={modalLabels}>{null}</ModalsProvider>
      <AppToasts />
      <PageLoader />
      <NavigationProgress />
    </>
  );
}

export default AppOverlays;
