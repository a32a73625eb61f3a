import { ADMIN_ROLE, DEFAULT_ROLE } from '@refugio/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, PUBLIC_URL, type TestApp, cookieHeader, createTestApp } from '../helpers/helpers';

/** The bound this file checks: SESSION_CACHE_SECONDS of both instances. */
const CACHE_SECONDS = 1;
const waitPastTheBound = () => new Promise((resolve) => setTimeout(resolve, CACHE_SECONDS * 1000 + 150));

/**
 * Two instances on one database, as behind a load balancer. A change made through instance `a` takes effect
 * on `a` at the next request and on `b` within SESSION_CACHE_SECONDS.
 */
describe('the session cache', () => {
  let a: TestApp;
  let b: TestApp;
  let adminCookie: string;
  let email: string;
  let userId: string;
  const password = 'clave-de-la-persona-1';

  beforeEach(async () => {
    const env = { AUTH_SECRET: 'secreto-compartido-de-las-instancias-0123456789', SESSION_CACHE_SECONDS: String(CACHE_SECONDS) };
    a = await createTestApp(env);
    b = await createTestApp(env, { database: a.database });
    const adminEmail = `admin-${crypto.randomUUID()}@refugio.test`;
    await a.createUser({ ...ADMIN, email: adminEmail });
    adminCookie = await a.signIn(adminEmail, ADMIN.password);
    email = `persona-${crypto.randomUUID()}@refugio.test`;
    userId = await a.createUser({ email, password, role: ADMIN_ROLE });
  });
  afterEach(async () => {
    await b.close();
    await a.close();
  });

  const status = async (t: TestApp, cookie: string, url = '/phpApi/mascotas') => (await t.app.inject({ url, headers: { cookie } })).statusCode;

  /** Both instances have the session cached (answered 200 just now). */
  async function cachedOnBoth(cookie: string, url?: string) {
    expect(await status(a, cookie, url)).toBe(200);
    expect(await status(b, cookie, url)).toBe(200);
  }

  it('looks a session up once per SESSION_CACHE_SECONDS, not on every request', async () => {
    const cookie = await a.signIn(email, password);
    const lookups = vi.spyOn(a.app.auth.api, 'getSession');
    for (let i = 0; i < 20; i++) expect(await status(a, cookie)).toBe(200);
    expect(lookups).toHaveBeenCalledTimes(1);
    await waitPastTheBound();
    expect(await status(a, cookie)).toBe(200);
    expect(lookups).toHaveBeenCalledTimes(2);
  });

  it('refuses a disabled user at once where it was disabled, and everywhere within the bound', async () => {
    const cookie = await a.signIn(email, password);
    await cachedOnBoth(cookie);
    const disabled = await a.app.inject({
      method: 'POST',
      url: `/api/users/${userId}/disable`,
      headers: { cookie: adminCookie, origin: PUBLIC_URL },
    });
    expect(disabled.statusCode).toBe(200);
    expect(await status(a, cookie)).toBe(401);
    await waitPastTheBound();
    expect(await status(b, cookie)).toBe(401);
  });

  it('ends a signed-out session at once where it signed out, and everywhere within the bound', async () => {
    const cookie = await a.signIn(email, password);
    await cachedOnBoth(cookie);
    const out = await a.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, origin: PUBLIC_URL } });
    expect(out.statusCode).toBe(200);
    expect(await status(a, cookie)).toBe(401);
    await waitPastTheBound();
    expect(await status(b, cookie)).toBe(401);
  });

  it("ends the user's other sessions after a password change, at once here and everywhere within the bound", async () => {
    const changing = await a.signIn(email, password);
    const other = await a.signIn(email, password);
    await cachedOnBoth(other);
    const changed = await a.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: changing, origin: PUBLIC_URL },
      payload: { currentPassword: password, newPassword: 'otra-clave-muy-distinta-7' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await status(a, other)).toBe(401);
    await waitPastTheBound();
    expect(await status(b, other)).toBe(401);
    // The session that made the change goes on with its new token.
    expect(await status(a, cookieHeader(changed))).toBe(200);
  });

  it('applies a role change at once where it was made, and everywhere within the bound', async () => {
    const cookie = await a.signIn(email, password);
    await cachedOnBoth(cookie, '/api/users');
    const demoted = await a.app.inject({
      method: 'PATCH',
      url: `/api/users/${userId}`,
      headers: { cookie: adminCookie, origin: PUBLIC_URL },
      payload: { rol: DEFAULT_ROLE },
    });
    expect(demoted.statusCode).toBe(200);
    expect(await status(a, cookie, '/api/users')).toBe(403);
    await waitPastTheBound();
    expect(await status(b, cookie, '/api/users')).toBe(403);
  });
});
