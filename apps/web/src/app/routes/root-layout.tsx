import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, isRouteErrorResponse, useRouteError } from 'react-router';
// Holds the dialogs asked for before the overlays below have loaded (a tap on the first screen at once).
import '../layout/early-modal-events';

// Dialogs, toasts and the page loader weigh ~40 KB gzip: they load beside the first screen, not before it.
const AppOverlays = lazy(() => import('../layout/app-overlays'));

/**
 * Root of every route. What every screen may use is mounted here, once, whatever its layout: confirmation
 * dialogs, toasts and the page-loader spinner (`AppOverlays`). A layout that mounted them itself could forget
 * them (the simple layout did, and "Revocar" on /enlaces-admin did nothing). Whatever this imports statically
 * is downloaded before /login can show, so layout chrome stays in the layouts.
 */
export function RootLayout() {
  return (
    <>
      <Suspense fallback={null}>
        <AppOverlays />
      </Suspense>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

function isChunkLoadError(error: unknown): boolean {
  return error instanceof TypeError && /dynamically imported module|module script/i.test(error.message);
}

/** Last line of defence: an unexpected error must not leave a blank page. */
export function RootErrorBoundary() {
  const error = useRouteError();
  // After a new release the old screen chunks are gone; a reload fetches the current ones.
  const isOutdated = isChunkLoadError(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Title order={1} fz="h2">
          {isOutdated ? 'Hay una nueva versión disponible' : 'Algo salió mal'}
        </Title>
        <Text c="dimmed">
          {isOutdated
            ? 'Recarga la página para continuar con la versión más reciente.'
            : 'Ocurrió un error inesperado. Recarga la página e inténtalo de nuevo.'}
        </Text>
        {detail ? (
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        ) : null}
        <Button onClick={() => window.location.reload()}>Recargar</Button>
      </Stack>
    </Center>
  );
}
