import { messages } from '@refugio/contracts';
import { describe, expect, it } from 'vitest';
import { validateSignInForm } from './validate-sign-in-form';

describe('validateSignInForm', () => {
  it('accepts an e-mail and a password', () => {
    expect(validateSignInForm({ email: 'ana@refugio.org', password: 'secreta' })).toEqual({});
  });

  it('ignores spaces around the e-mail', () => {
    expect(validateSignInForm({ email: '  ana@refugio.org ', password: 'x' })).toEqual({});
  });

  it('requires both fields', () => {
    expect(validateSignInForm({ email: ' ', password: '' })).toEqual({
      email: messages.auth.emailRequired,
      password: messages.auth.passwordRequired,
    });
  });

  it.each(['ana', 'ana@', '@refugio.org', 'ana@refugio', 'ana pérez@refugio.org'])('rejects the malformed e-mail %s', (email) => {
    expect(validateSignInForm({ email, password: 'x' })).toEqual({ email: messages.auth.emailInvalid });
  });

  it('does not trim or judge the password, only requires it', () => {
    expect(validateSignInForm({ email: 'ana@refugio.org', password: ' ' })).toEqual({});
  });
});
