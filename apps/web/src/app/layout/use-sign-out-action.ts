import { notifications } from '@mantine/notifications';
import { useSignOut } from '../../features/auth/api/sign-out';
import { getErrorMessage } from '../../lib/get-error-message';

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
            message: getErrorMessage(error),
          }),
      }),
  };
}
