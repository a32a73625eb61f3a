import { notifications } from '@mantine/notifications';
import { messages } from '@refugio/contracts';
import { useSignOut } from '../../features/auth/api/sign-out';
import { ApiError, NetworkError } from '../../lib/api-client';

function getSignOutErrorMessage(error: unknown): string {
  if (error instanceof NetworkError) return messages.auth.networkError;
  if (error instanceof ApiError && error.hasServerMessage) return error.message;
  return messages.errors.INTERNAL;
}

/** 'Cerrar Sesión' for the header and the sidebar: signs out, or says why it could not. */
export function useSignOutAction() {
  const signOut = useSignOut();
  return {
    isPending: signOut.isPending,
    run: () =>
      signOut.mutate(undefined, {
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: 'No se pudo cerrar la sesión',
            message: getSignOutErrorMessage(error),
          }),
      }),
  };
}
