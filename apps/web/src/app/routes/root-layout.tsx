import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Outlet, ScrollRestoration, isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * Root of every route. Deliberately thin: whatever it imports is downloaded before /login can show,
 * so layout chrome, settings, modals and toasts live in the layouts instead.
 */
export function RootLayout() {
  return (
    <>
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
