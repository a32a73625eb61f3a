import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, user } from '../src/db/schema';
import { ADMIN, PUBLIC_URL, STAFF, type TestApp, createTestApp, expectErrorShape } from './helpers';

describe('sign-in, sessions and sign-out', () => {
  let t: TestApp;
  let staffId: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.createUser(ADMIN);
    staffId = await t.createUser(STAFF);
  });
  afterAll(() => t.close());

  it('signs in with the right password and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: PUBLIC_URL },
      payload: { email: STAFF.email, password: STAFF.password },
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name.endsWith('session_token'));
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(res.json<{ user: { email: string; role: string; permisos: string; color: string } }>().user).toMatchObject({
      email: STAFF.email,
      role: 'Equipo',
      permisos: 'equipo-web',
      color: '#3B82F6',
    });
  });

  it('answers a wrong password with 401 and a Spanish message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: PUBLIC_URL },
      payload: { email: STAFF.email, password: 'no-es-la-clave' },
    });
    const body = expectErrorShape(res, 401, 'INVALID_CREDENTIALS');
    expect(body.message).toBe('Correo o contraseña incorrectos.');
  });

  it('answers an unknown account exactly like a wrong password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: PUBLIC_URL },
      payload: { email: 'nadie@refugio.test', password: 'no-es-la-clave' },
    });
    expectErrorShape(res, 401, 'INVALID_CREDENTIALS');
  });

  it('keeps the session: get-session answers the user for the cookie, null without it', async () => {
    const cookie = await t.signIn(STAFF.email, STAFF.password);
    const signedIn = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(signedIn.json<{ user: { id: string } }>().user.id).toBe(staffId);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/get-session' });
    expect(anonymous.json()).toBeNull();
  });

  it('ends the session on sign-out', async () => {
    const cookie = await t.signIn(STAFF.email, STAFF.password);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, origin: PUBLIC_URL } });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(after.json()).toBeNull();
  });

  it('refuses public sign-up', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: PUBLIC_URL },
      payload: { email: 'intruso@refugio.test', password: 'una-clave-larga', name: 'Intruso' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const rows = await t.database.db.select().from(user).where(eq(user.email, 'intruso@refugio.test'));
    expect(rows).toHaveLength(0);
  });

  it('stores passwords as argon2id with m=19 MiB, t=2, p=1', async () => {
    const [row] = await t.database.db.select({ password: account.password }).from(account).where(eq(account.userId, staffId));
    expect(row?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses a disabled (banned) account with 403 and a Spanish message', async () => {
    await t.createUser({ email: 'baja@refugio.test', password: 'clave-de-baja-1' });
    await t.database.db.update(user).set({ banned: true }).where(eq(user.email, 'baja@refugio.test'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: PUBLIC_URL },
      payload: { email: 'baja@refugio.test', password: 'clave-de-baja-1' },
    });
    const body = expectErrorShape(res, 403, 'ACCOUNT_DISABLED');
    expect(body.message).toContain('desactivada');
  });
});

describe('sign-in brute force', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SIGN_IN_ATTEMPTS_PER_MINUTE: '3' });
    await t.createUser(STAFF);
  });
  afterAll(() => t.close());

  it('answers 429 with a Spanish message once the attempts per minute are used up, even with the right password', async () => {
    const attempt = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: PUBLIC_URL }, payload: { email: STAFF.email, password } });
    for (let i = 0; i < 3; i++) expect((await attempt('intento-fallido')).statusCode).toBe(401);
    const locked = await attempt(STAFF.password);
    const body = expectErrorShape(locked, 429, 'RATE_LIMITED');
    expect(body.message).toBe('Demasiados intentos de inicio de sesión. Espera un minuto y vuelve a intentarlo.');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });
});
