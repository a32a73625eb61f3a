import { describe, expect, it, vi } from 'vitest';
import { createApiError } from './api-client';
import { pickFieldErrors, setServerFieldErrors } from './form-errors';

const duplicateMail = createApiError(409, {
  code: 'CONFLICT',
  message: 'Ya existe un usuario con este correo.',
  fieldErrors: { mail: 'Ya existe un usuario con este correo.', unknownField: 'x' },
  requestId: 'r1',
});

describe('pickFieldErrors', () => {
  it('keeps only the fields the form has', () => {
    expect(pickFieldErrors(duplicateMail, ['name', 'mail'])).toEqual({ mail: 'Ya existe un usuario con este correo.' });
  });

  it('finds nothing in errors without field errors, or in other errors', () => {
    expect(pickFieldErrors(createApiError(500, { code: 'INTERNAL', message: 'Error' }), ['mail'])).toEqual({});
    expect(pickFieldErrors(new Error('boom'), ['mail'])).toEqual({});
  });
});

describe('setServerFieldErrors', () => {
  it('sets each error under its field and focuses the first one', () => {
    const setError = vi.fn();
    const error = createApiError(400, {
      code: 'VALIDATION_ERROR',
      message: 'Revisa los datos: hay campos con errores.',
      fieldErrors: { password: 'Esta contraseña es demasiado común.', mail: 'Correo no válido' },
    });
    expect(setServerFieldErrors(error, ['mail', 'password'], setError)).toBe(true);
    expect(setError).toHaveBeenCalledWith('mail', { type: 'server', message: 'Correo no válido' }, { shouldFocus: true });
    expect(setError).toHaveBeenCalledWith('password', { type: 'server', message: 'Esta contraseña es demasiado común.' }, { shouldFocus: false });
  });

  it('reports false when no error belongs to the form, so the caller shows it elsewhere', () => {
    const setError = vi.fn();
    expect(setServerFieldErrors(duplicateMail, ['name'], setError)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
