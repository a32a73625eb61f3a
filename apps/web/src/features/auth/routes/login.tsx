import { Box, Paper, Stack, Text, Title } from '@mantine/core';
import { Navigate, useSearchParams } from 'react-router';
import { Logo } from '../../../components/ui/logo';
import { useSession } from '../../../lib/session';
import { ENROL_FLAG, TWO_FACTOR_PATH } from '../api/two-factor';
import { LoginForm } from '../components/login-form';
import { getSafeRedirectPath } from '../lib/get-safe-redirect-path';
import classes from './login.module.css';

/** /login: outside the main layout, no sign-in check. Signed-in visitors go on to where they were headed. */
function LoginScreen() {
  const { data: session } = useSession();
  const [searchParams] = useSearchParams();
  const target = getSafeRedirectPath(searchParams.get('redirect'));

  // An account that must enrol in the second step goes there first (REQUIRE_TWO_FACTOR).
  if (session) return <Navigate to={sessionStorage.getItem(ENROL_FLAG) ? TWO_FACTOR_PATH : target} replace />;

  return (
    <Box component="main" className={classes.page}>
      <title>Iniciar sesión · Refugio Admin</title>
      <Paper className={classes.card} withBorder shadow="md" radius="lg">
        <Stack gap="lg">
          <Logo size={40} />
          <div>
            <Title order={1} fz="h2">
              Te damos la bienvenida
            </Title>
            <Text c="dimmed" mt={4}>
              Accede al panel de administración del refugio.
            </Text>
          </div>
          <LoginForm />
        </Stack>
      </Paper>
      <Text size="xs" c="dimmed" mt="lg" ta="center">
        ¿Problemas para entrar? Pide ayuda a un administrador del refugio.
      </Text>
    </Box>
  );
}

export { LoginScreen as Component };
