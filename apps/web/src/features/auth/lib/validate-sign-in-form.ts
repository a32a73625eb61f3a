import { messages } from '@refugio/contracts';

export interface SignInFormValues {
  email: string;
  password: string;
}

export type SignInFormErrors = Partial<Record<keyof SignInFormValues, string>>;

// Deliberately loose: it only catches typos before a round-trip; the server is the real judge.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Client-side checks of the sign-in form; an empty object means the form may be sent. */
export function validateSignInForm(values: SignInFormValues): SignInFormErrors {
  const errors: SignInFormErrors = {};
  const email = values.email.trim();
  if (email === '') errors.email = messages.auth.emailRequired;
  else if (!EMAIL_PATTERN.test(email)) errors.email = messages.auth.emailInvalid;
  if (values.password === '') errors.password = messages.auth.passwordRequired;
  return errors;
}
