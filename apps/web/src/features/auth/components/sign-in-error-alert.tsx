import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { getSignInErrorMessage } from '../lib/get-sign-in-error-message';

/** Why the sign-in was refused (login-form.tsx loads it when that happens). */
function SignInErrorAlert({ error }: { error: unknown }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden="true" />} title="No se pudo iniciar sesión">
      {getSignInErrorMessage(error)}
    </Alert>
  );
}

export default SignInErrorAlert;
