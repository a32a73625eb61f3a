import { Alert, Button, Code, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { SimplePage } from '../../../components/ui/simple-page';
import { getErrorMessage } from '../../../lib/get-error-message';
import { getSession, sessionQueryKey, useSession } from '../../../lib/session';
import { LinkQrCode } from '../../../components/ui/qr-code';
import { ENROL_FLAG, type Enrolment, enableTwoFactor, verifyTwoFactorCode } from '../api/two-factor';
import { BackupCodes } from '../components/backup-codes';
import { TwoFactorManagement } from '../components/two-factor-management';

const toggleProps = { 'aria-label': 'Mostrar lo escrito' };

/**
 * /cuenta/dos-pasos: turns on the two-step sign-in. The password, then the QR code for an authenticator app and the
 * ten backup codes, then one code of the app to prove it works. With REQUIRE_TWO_FACTOR, the login sends
 * Administrador and Tesorería here until it is on. Once on: new backup codes, or turning it off (two-factor-management.tsx).
 */
function DosPasosScreen() {
  const { data: session } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [turnedOff, setTurnedOff] = useState(false);
  const enable = useMutation({ mutationFn: enableTwoFactor });
  const verify = useMutation({
    mutationFn: async (value: string) => {
      await verifyTwoFactorCode(value);
      return getSession();
    },
    onSuccess: (next) => {
      sessionStorage.removeItem(ENROL_FLAG);
      queryClient.setQueryData(sessionQueryKey, next);
      void queryClient.invalidateQueries();
    },
  });

  if (!session) return <Navigate to="/login" replace />;
  const enrolment: Enrolment | undefined = enable.data;
  const done = session.user.twoFactorEnabled || verify.isSuccess;
  const afterDisabling = () => {
    enable.reset();
    verify.reset();
    setPassword('');
    setCode('');
    setTurnedOff(true);
  };

  const submitPassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password !== '' && !enable.isPending) enable.mutate(password);
  };
  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.trim() !== '' && !verify.isPending) verify.mutate(code);
  };

  return (
    <SimplePage>
      <title>Verificación en dos pasos · Refugio Admin</title>
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={560} mx="auto">
        <Stack gap="lg">
          <div>
            <Title order={1} fz="h2">
              Verificación en dos pasos
            </Title>
            <Text c="dimmed" mt={4}>
              Además de la contraseña, al entrar se pedirá un código de tu teléfono.
            </Text>
          </div>
          {done ? (
            <Stack gap="md">
              <Alert variant="light" color="teal" icon={<IconShieldCheck size={20} aria-hidden="true" />} title="Activada">
                Tu cuenta pide un código de tu aplicación de autenticación al iniciar sesión.
              </Alert>
              <TwoFactorManagement onDisabled={afterDisabling} />
              <Button variant="default" onClick={() => void navigate('/', { replace: true })}>
                Ir al panel
              </Button>
            </Stack>
          ) : !enrolment ? (
            <form noValidate onSubmit={submitPassword} aria-label="Activar la verificación en dos pasos">
              <Stack gap="md">
                {turnedOff ? (
                  <Alert variant="light" color="gray" role="status" title="Desactivada">
                    Al entrar solo se pedirá tu contraseña. Puedes volver a activarla cuando quieras.
                  </Alert>
                ) : null}
                {sessionStorage.getItem(ENROL_FLAG) ? (
                  <Alert variant="light" color="yellow" title="Tu rol la exige">
                    Actívala para continuar: hasta entonces no podrás usar el panel.
                  </Alert>
                ) : null}
                {enable.isError ? (
                  <Alert variant="light" color="red" role="alert" title="No se pudo activar">
                    {getErrorMessage(enable.error)}
                  </Alert>
                ) : null}
                <PasswordInput
                  label="Contraseña actual"
                  autoComplete="current-password"
                  required
                  visibilityToggleButtonProps={toggleProps}
                  value={password}
                  onChange={(event) => setPassword(event.currentTarget.value)}
                />
                <Button type="submit" loading={enable.isPending}>
                  Continuar
                </Button>
              </Stack>
            </form>
          ) : (
            <Stack gap="md">
              <Text>1. Escanea este código con tu aplicación de autenticación (Google Authenticator, Microsoft Authenticator, FreeOTP…).</Text>
              <LinkQrCode url={enrolment.totpURI} label="Código QR para la aplicación de autenticación" />
              <Text size="sm">
                ¿No puedes escanearlo? Escribe esta clave en la aplicación:{' '}
                <Code data-testid="clave-totp">{new URL(enrolment.totpURI).searchParams.get('secret')}</Code>
              </Text>
              <Text>2. Guarda estos códigos de respaldo en un lugar seguro: cada uno sirve una vez si pierdes el teléfono.</Text>
              <BackupCodes codes={enrolment.backupCodes} />
              <form noValidate onSubmit={submitCode} aria-label="Comprobar el código">
                <Stack gap="md">
                  <Text>3. Escribe el código de 6 cifras que muestra la aplicación.</Text>
                  {verify.isError ? (
                    <Alert variant="light" color="red" role="alert" title="El código no es válido">
                      {getErrorMessage(verify.error)}
                    </Alert>
                  ) : null}
                  <TextInput
                    label="Código de la aplicación"
                    autoComplete="one-time-code"
                    inputMode="numeric"
                    required
                    value={code}
                    onChange={(event) => setCode(event.currentTarget.value)}
                  />
                  <Button type="submit" loading={verify.isPending}>
                    Activar
                  </Button>
                </Stack>
              </form>
            </Stack>
          )}
        </Stack>
      </Paper>
    </SimplePage>
  );
}

export { DosPasosScreen as Component };
