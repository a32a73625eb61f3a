import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../query-client';
import { requireSessionLoader, requireSignInLoader } from './session-loaders';

function stubSession(user: Record<string, unknown> | null) {
  const body = user ? { session: { id: 's1' }, user: { id: 'u1', email: 'ana@refugio.test', ...user } } : null;
  vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify(body), { status: 200 })));
}

function args(path: string): LoaderFunctionArgs {
  return { request: new Request(`http://localhost${path}`), params: {}, context: undefined } as LoaderFunctionArgs;
}

function location(response: Response | null): string | null {
  return response ? response.headers.get('Location') : null;
}

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('requireSignInLoader', () => {
  it('lets a signed-in person through', async () => {
    stubSession({ mustChangePassword: false });
    expect(await requireSignInLoader(args('/lista'))).toBeNull();
  });

  it('sends a signed-out visitor to /login, remembering where they were going', async () => {
    stubSession(null);
    expect(location(await requireSignInLoader(args('/lista?q=ana')))).toBe('/login?redirect=%2Flista%3Fq%3Dana');
  });

  it('sends a person with a temporary password to the password change first', async () => {
    stubSession({ mustChangePassword: true });
    expect(location(await requireSignInLoader(args('/lista')))).toBe('/cambiar-contrasena');
  });
});

describe('requireSessionLoader', () => {
  it('opens the password change to a person with a temporary password', async () => {
    stubSession({ mustChangePassword: true });
    expect(await requireSessionLoader(args('/cambiar-contrasena'))).toBeNull();
  });

  it('sends a signed-out visitor to /login', async () => {
    stubSession(null);
    expect(location(await requireSessionLoader(args('/cambiar-contrasena')))).toBe('/login?redirect=%2Fcambiar-contrasena');
  });
});
