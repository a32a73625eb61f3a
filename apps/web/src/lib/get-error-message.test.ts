import { messages } from '@refugio/contracts';
import { describe, expect, it } from 'vitest';
import { NetworkError, createApiError } from './api-client';
import { getErrorMessage } from './get-error-message';

describe('getErrorMessage', () => {
  it("shows the server's own message", () => {
    const error = createApiError(409, {
      code: 'CONFLICT',
      message: 'No se puede: es el último administrador activo. Nombra antes a otro administrador.',
    });
    expect(getErrorMessage(error)).toBe('No se puede: es el último administrador activo. Nombra antes a otro administrador.');
  });

  it('falls back to the catalogue by code, then by status', () => {
    expect(getErrorMessage(createApiError(403, { code: 'FORBIDDEN' }))).toBe(messages.errors.FORBIDDEN);
    expect(getErrorMessage(createApiError(502, '<html>Bad Gateway</html>'))).toBe(messages.errors.SERVICE_UNAVAILABLE);
    expect(getErrorMessage(createApiError(500, null))).toBe(messages.errors.INTERNAL);
  });

  it('says so when the server cannot be reached', () => {
    expect(getErrorMessage(new NetworkError(new TypeError('Failed to fetch')))).toBe(messages.auth.networkError);
  });

  it('never shows the text of an unexpected exception', () => {
    expect(getErrorMessage(new Error('Cannot read properties of undefined'))).toBe(messages.errors.INTERNAL);
  });
});
