import { describe, expect, it } from 'vitest';
import { NetworkError, createApiError } from '../../../lib/api-client';
import { getUsersErrorMessage } from './get-users-error-message';

describe('getUsersErrorMessage', () => {
  it('says nobody is signed in on a 401', () => {
    const error = createApiError(401, { code: 'UNAUTHENTICATED', message: 'x', requestId: 'r' });
    expect(getUsersErrorMessage(error)).toBe('Usuario no autenticado. Por favor, inicia sesión.');
  });

  it.each([
    ['a refusal', createApiError(403, { code: 'FORBIDDEN', message: 'No tienes permiso.' })],
    ['a server error', createApiError(500, { code: 'INTERNAL', message: 'Error' })],
    ['no connection', new NetworkError(new TypeError('Failed to fetch'))],
    ['an unreadable answer', new Error('invalid')],
  ])('says "Error al obtener usuarios" for %s', (_label, error) => {
    expect(getUsersErrorMessage(error)).toBe('Error al obtener usuarios');
  });
});
