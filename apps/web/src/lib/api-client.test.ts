import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, createApiError, requestJson } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubFetch(implementation: (input: string, init: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(implementation);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('createApiError', () => {
  it('keeps the server body: code, Spanish message, field errors and request id', () => {
    const error = createApiError(400, {
      code: 'VALIDATION_ERROR',
      message: 'Revisa los datos: hay campos con errores.',
      fieldErrors: { email: 'Correo no válido' },
      requestId: 'req-9',
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Revisa los datos: hay campos con errores.',
      hasServerMessage: true,
      fieldErrors: { email: 'Correo no válido' },
      requestId: 'req-9',
    });
  });

  it('marks bodies without a usable message', () => {
    expect(createApiError(502, 'Bad Gateway')).toMatchObject({ status: 502, code: 'UNKNOWN', hasServerMessage: false });
    expect(createApiError(401, { code: 'UNAUTHENTICATED', message: '  ' })).toMatchObject({
      code: 'UNAUTHENTICATED',
      hasServerMessage: false,
    });
  });
});

describe('requestJson', () => {
  it('sends JSON on the same origin and returns the parsed answer', async () => {
    const fetchMock = stubFetch(() => Promise.resolve(new Response('{"ok":true}', { status: 200 })));
    await expect(requestJson('/api/x', { json: { a: 1 }, query: { uid: 'u 1', skip: undefined } })).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/x?uid=u+1');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"a":1}' });
  });

  it('returns null for an empty body (get-session when signed out may answer that way)', async () => {
    stubFetch(() => Promise.resolve(new Response('', { status: 200 })));
    await expect(requestJson('/api/auth/get-session')).resolves.toBeNull();
  });

  it('throws an ApiError with the server message on an error status', async () => {
    stubFetch(() =>
      Promise.resolve(
        new Response(JSON.stringify({ code: 'RATE_LIMITED', message: 'Demasiados intentos.', requestId: 'r' }), {
          status: 429,
        }),
      ),
    );
    await expect(requestJson('/api/auth/sign-in/email', { json: {} })).rejects.toMatchObject({
      name: 'ApiError',
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Demasiados intentos.',
    });
  });

  it('throws a NetworkError when fetch itself fails', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(requestJson('/api/auth/get-session')).rejects.toBeInstanceOf(NetworkError);
  });

  it('lets an abort through untouched', async () => {
    stubFetch(() => Promise.reject(new DOMException('The operation was aborted.', 'AbortError')));
    await expect(requestJson('/api/auth/get-session')).rejects.toMatchObject({ name: 'AbortError' });
  });
});
