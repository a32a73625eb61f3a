import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { establishedSession, signIn } from '../features/auth/api/sign-in';
import { ENROL_FLAG, TWO_FACTOR_PATH, verifyTwoFactorCode } from '../features/auth/api/two-factor';
import { getSafeRedirectPath } from '../features/auth/lib/get-safe-redirect-path';
import { getSignInErrorMessage } from '../features/auth/lib/get-sign-in-error-message';
import { type SignInFormErrors, validateSignInForm } from '../features/auth/lib/validate-sign-in-form';
import { getErrorMessage } from '../lib/get-error-message';
import { getSession } from '../lib/session';

type Step = 'checking' | 'password' | 'code' | 'leaving';

/** Where the signed-in person goes: the page they asked for, or the enrolment of the second step first (REQUIRE_TWO_FACTOR). */
function destination(): string {
  if (sessionStorage.getItem(ENROL_FLAG)) return TWO_FACTOR_PATH;
  return getSafeRedirectPath(new URLSearchParams(window.location.search).get('redirect'));
}

/** The staff app takes over at the destination (its code is in the cache already: login.html prefetches it). */
function leave(): void {
  window.location.replace(destination());
}

function Logo() {
  return (
    <div className="logo" role="img" aria-label="Refugio Admin">
      <svg width="40" height="40" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="#0b7285" />
        <g fill="#fff">
          <ellipse cx="32" cy="42" rx="12" ry="10" />
          <ellipse cx="18" cy="27" rx="5" ry="6.5" />
          <ellipse cx="46" cy="27" rx="5" ry="6.5" />
          <ellipse cx="26" cy="17" rx="4.5" ry="6" />
          <ellipse cx="38" cy="17" rx="4.5" ry="6" />
        </g>
      </svg>
      <span aria-hidden="true">
        Refugio <span className="logo-admin">Admin</span>
      </span>
    </div>
  );
}

function Alert({ title, children }: { title: string; children: string }) {
  return (
    <div className="alert" role="alert">
      <p className="alert-title">{title}</p>
      <p>{children}</p>
    </div>
  );
}

interface FieldProps {
  id: string;
  label: string;
  error: string | undefined;
  children: (described: string | undefined) => ReactNode;
}

function Field({ id, label, error, children }: FieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        <span className="required" aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      {children(error ? `${id}-error` : undefined)}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** E-mail and password; the browser's own validation is off so every message is the same Spanish text. */
function PasswordStep({ onCode }: { onCode: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<SignInFormErrors>({});
  const [error, setError] = useState<unknown>(undefined);
  const [pending, setPending] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const errors = validateSignInForm({ email, password });
    setFieldErrors(errors);
    if (errors.email) return emailRef.current?.focus();
    if (errors.password) return passwordRef.current?.focus();
    setPending(true);
    setError(undefined);
    try {
      const step = await signIn({ email: email.trim(), password });
      if (step === 'code') {
        onCode();
        return;
      }
      if (step === 'enrol') sessionStorage.setItem(ENROL_FLAG, '1');
      await establishedSession();
      leave();
    } catch (failure) {
      setError(failure);
      setPending(false);
      passwordRef.current?.select();
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="Iniciar sesión" className="stack">
      {error !== undefined ? <Alert title="No se pudo iniciar sesión">{getSignInErrorMessage(error)}</Alert> : null}
      <Field id="login-email" label="Correo electrónico" error={fieldErrors.email}>
        {(described) => (
          <input
            ref={emailRef}
            id="login-email"
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            placeholder="nombre@refugio.org"
            required
            aria-invalid={fieldErrors.email ? true : undefined}
            aria-describedby={described}
            value={email}
            onInput={(event) => {
              setEmail(event.currentTarget.value);
              if (fieldErrors.email) setFieldErrors((current) => ({ ...current, email: undefined }));
            }}
          />
        )}
      </Field>
      <Field id="login-password" label="Contraseña" error={fieldErrors.password}>
        {(described) => (
          <div className="password">
            <input
              ref={passwordRef}
              id="login-password"
              type={visible ? 'text' : 'password'}
              name="password"
              autoComplete="current-password"
              required
              aria-invalid={fieldErrors.password ? true : undefined}
              aria-describedby={described}
              value={password}
              onInput={(event) => {
                setPassword(event.currentTarget.value);
                if (fieldErrors.password) setFieldErrors((current) => ({ ...current, password: undefined }));
              }}
            />
            {/* Named without the word "Contraseña", so the field's label stays unique. */}
            <button type="button" className="toggle" aria-label="Mostrar lo escrito" aria-pressed={visible} onClick={() => setVisible(!visible)}>
              <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
                <circle cx="12" cy="12" r="3" />
                {visible ? <path d="M3 3l18 18" /> : null}
              </svg>
            </button>
          </div>
        )}
      </Field>
      <button type="submit" className="submit" disabled={pending} aria-busy={pending || undefined}>
        Iniciar sesión
      </button>
    </form>
  );
}

/** The sign-in's second step: the authenticator app's 6 digits, or one of the backup codes. */
function CodeStep() {
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [pending, setPending] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  useEffect(() => codeRef.current?.focus(), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setMissing(code.trim() === '');
    if (code.trim() === '') return;
    setPending(true);
    setError(undefined);
    try {
      await verifyTwoFactorCode(code);
      await establishedSession();
      leave();
    } catch (failure) {
      setError(failure);
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="Verificación en dos pasos" className="stack">
      <p>Escribe el código de 6 cifras de tu aplicación de autenticación, o uno de tus códigos de respaldo.</p>
      {error !== undefined ? <Alert title="No se pudo verificar el código">{getErrorMessage(error)}</Alert> : null}
      <Field id="login-code" label="Código de verificación" error={missing ? 'Escribe el código.' : undefined}>
        {(described) => (
          <input
            ref={codeRef}
            id="login-code"
            name="code"
            autoComplete="one-time-code"
            inputMode="text"
            required
            aria-invalid={missing ? true : undefined}
            aria-describedby={described}
            value={code}
            onInput={(event) => setCode(event.currentTarget.value)}
          />
        )}
      </Field>
      <button type="submit" className="submit" disabled={pending} aria-busy={pending || undefined}>
        Verificar
      </button>
    </form>
  );
}

/**
 * /login opened from an address (login.html): the sign-in on Preact and plain CSS, usable before any staff code has
 * run. 'Cargando...' until the session is known; a signed-in visitor goes on to where they were headed. The staff
 * app's own /login route (features/auth/routes/login.tsx) serves the sign-in reached inside the app (after signing out).
 */
export function LoginApp() {
  const [step, setStep] = useState<Step>('checking');

  useEffect(() => {
    let live = true;
    void getSession()
      .catch(() => null)
      .then((session) => {
        if (!live) return;
        if (session) {
          setStep('leaving');
          leave();
        } else setStep('password');
      });
    return () => {
      live = false;
    };
  }, []);

  if (step === 'checking' || step === 'leaving') {
    return (
      <p className="boot" role="status" aria-live="polite">
        Cargando...
      </p>
    );
  }

  return (
    <>
      <main className="page">
        <div className="card stack">
          <Logo />
          <div>
            <h1>Te damos la bienvenida</h1>
            <p className="dimmed">Accede al panel de administración del refugio.</p>
          </div>
          {step === 'code' ? <CodeStep /> : <PasswordStep onCode={() => setStep('code')} />}
        </div>
        <p className="help">¿Problemas para entrar? Pide ayuda a un administrador del refugio.</p>
      </main>
    </>
  );
}
