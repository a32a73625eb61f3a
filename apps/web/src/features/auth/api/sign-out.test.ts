import { afterEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../../../lib/api-client';
import { signOut } from './sign-out';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('signOut', () => {
  it('posts an empty JSON body to the sign-out endpoint', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{"success":true}', { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    await signOut();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/sign-out', expect.objectContaining({ method: 'POST', body: '{}' }));
  });

  it('counts an already-ended session (401) as signed out', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('{"code":"UNAUTHENTICATED","message":"x","requestId":"r"}', { status: 401 })));
    await expect(signOut()).resolves.toBeUndefined();
  });

  it('fails when the server cannot be reached, so the person is not told they left', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(signOut()).rejects.toBeInstanceOf(NetworkError);
  });
});
