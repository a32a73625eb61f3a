import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { useSignIn } from '../api/sign-in';
import { validateSignInForm, type SignInFormErrors } from '../lib/validate-sign-in-form';

// Only a refused sign-in shows it (its module travels in the sign-in chunk, vite.config.ts).
const SignInErrorAlert = lazy(() => import('./sign-in-error-alert'));
// Only an account with the two-step sign-in needs it.
const TwoFactorCodeForm = lazy(() => import('./two-factor-code-form'));

/**
 * E-mail and password sign-in. The browser's own validation is off (`noValidate`) so every message is
 * the same Spanish text whatever the browser's language.
 */
export function LoginForm() {
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<SignInFormErrors>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending) return;
    const errors = validateSignInForm({ email, password });
    setFieldErrors(errors);
    if (errors.email) {
      emailRef.current?.focus();
      return;
    }
    if (errors.password) {
      passwordRef.current?.focus();
      return;
    }
    signIn.mutate({ email: email.trim(), password }, { onError: () => passwordRef.current?.select() });
  };

  // The password was right and the account has the second step: its code, before any session.
  if (signIn.isSuccess && signIn.data === null) {
    return (
      <Suspense fallback={null}>
        <TwoFactorCodeForm />
      </Suspense>
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Iniciar sesión">
      <Stack gap="md">
        {signIn.isError ? (
          <Suspense fallback={null}>
            <SignInErrorAlert error={signIn.error} />
          </Suspense>
        ) : null}
        <TextInput
          ref={emailRef}
          label="Correo electrónico"
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          placeholder="nombre@refugio.org"
          required
          value={email}
          error={fieldErrors.email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            if (fieldErrors.email) setFieldErrors((current) => ({ ...current, email: undefined }));
          }}
        />
        <PasswordInput
          ref={passwordRef}
          label="Contraseña"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          error={fieldErrors.password}
          // A toggle (aria-pressed) named without the word "Contraseña", so the field's label stays unique.
          visibilityToggleButtonProps={{ 'aria-label': 'Mostrar lo escrito' }}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            if (fieldErrors.password) setFieldErrors((current) => ({ ...current, password: undefined }));
          }}
        />
        <Button type="submit" fullWidth size="md" mt="xs" loading={signIn.isPending}>
          Iniciar sesión
        </Button>
      </Stack>
    </form>
  );
}
