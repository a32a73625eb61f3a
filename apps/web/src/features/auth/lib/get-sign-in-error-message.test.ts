import { messages } from '@refugio/contracts';
import { describe, expect, it } from 'vitest';
import { NetworkError, createApiError, type ApiError } from '../../../lib/api-client';
import { SessionNotEstablishedError } from '../api/sign-in';
import { getSignInErrorMessage } from './get-sign-in-error-message';

function apiError(status: number, code: string, message?: string): ApiError {
  return createApiError(status, message === undefined ? { code } : { code, message, requestId: 'req-1' });
}

describe('getSignInErrorMessage', () => {
  it('shows the server message on bad credentials', () => {
    const error = apiError(401, 'INVALID_CREDENTIALS', 'Correo o contraseña incorrectos.');
    expect(getSignInErrorMessage(error)).toBe('Correo o contraseña incorrectos.');
  });

  it('shows the server message on a lock-out, which may say how long it lasts', () => {
    const error = apiError(429, 'RATE_LIMITED', 'Demasiados intentos. Espera 15 minutos.');
    expect(getSignInErrorMessage(error)).toBe('Demasiados intentos. Espera 15 minutos.');
  });

  it('shows the server message for a disabled account', () => {
    const error = apiError(403, 'ACCOUNT_DISABLED', 'Tu cuenta está desactivada.');
    expect(getSignInErrorMessage(error)).toBe('Tu cuenta está desactivada.');
  });

  it('falls back to the catalogue when the server sent no message', () => {
    expect(getSignInErrorMessage(apiError(401, 'INVALID_CREDENTIALS'))).toBe(messages.errors.INVALID_CREDENTIALS);
    expect(getSignInErrorMessage(apiError(429, 'RATE_LIMITED'))).toBe(messages.auth.signInRateLimited);
    expect(getSignInErrorMessage(apiError(403, 'ACCOUNT_DISABLED'))).toBe(messages.errors.ACCOUNT_DISABLED);
    expect(getSignInErrorMessage(apiError(503, 'SERVICE_UNAVAILABLE'))).toBe(messages.errors.SERVICE_UNAVAILABLE);
    expect(getSignInErrorMessage(apiError(500, 'INTERNAL'))).toBe(messages.errors.INTERNAL);
  });

  it('treats a non-JSON error page (e.g. from a proxy) as having no server message', () => {
    expect(getSignInErrorMessage(createApiError(429, '<html>Too Many Requests</html>'))).toBe(messages.auth.signInRateLimited);
  });

  it('explains a network failure', () => {
    expect(getSignInErrorMessage(new NetworkError(new TypeError('Failed to fetch')))).toBe(messages.auth.networkError);
  });

  it('gives a generic message for anything else', () => {
    expect(getSignInErrorMessage(new SessionNotEstablishedError('no cookie'))).toBe(messages.errors.INTERNAL);
    expect(getSignInErrorMessage(new Error('boom'))).toBe(messages.errors.INTERNAL);
    expect(getSignInErrorMessage('boom')).toBe(messages.errors.INTERNAL);
  });
});
