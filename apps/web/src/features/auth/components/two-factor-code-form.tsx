import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { getErrorMessage } from '../../../lib/get-error-message';
import { sessionQueryKey } from '../../../lib/session';
import { establishedSession } from '../api/sign-in';
import { verifyTwoFactorCode } from '../api/two-factor';

/** The sign-in's second step: the authenticator app's 6 digits, or one of the backup codes. */
export default function TwoFactorCodeForm() {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const verify = useMutation({
    mutationFn: async (value: string) => {
      await verifyTwoFactorCode(value);
      return establishedSession();
    },
    onSuccess: (session) => queryClient.setQueryData(sessionQueryKey, session),
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verify.isPending) return;
    setMissing(code.trim() === '');
    if (code.trim() !== '') verify.mutate(code);
  };

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Verificación en dos pasos">
      <Stack gap="md">
        <Text>Escribe el código de 6 cifras de tu aplicación de autenticación, o uno de tus códigos de respaldo.</Text>
        {verify.isError ? (
          <Alert variant="light" color="red" title="No se pudo verificar el código" role="alert">
            {getErrorMessage(verify.error)}
          </Alert>
        ) : null}
        <TextInput
          label="Código de verificación"
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          required
          data-autofocus
          value={code}
          error={missing ? 'Escribe el código.' : undefined}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Button type="submit" fullWidth size="md" loading={verify.isPending}>
          Verificar
        </Button>
      </Stack>
    </form>
  );
}
