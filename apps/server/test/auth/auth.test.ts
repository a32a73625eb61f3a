import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { account, user } from '../../src/db/schema';
import { ADMIN, PUBLIC_URL, STAFF, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';

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
    // A user the app creates (the tests' own accounts are hashed cheaply by the helper, straight in the database).
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { origin: PUBLIC_URL, cookie: await t.signIn(ADMIN.email, ADMIN.password) },
      payload: { name: 'Clara', lastname: 'Argón', mail: 'clara@refugio.test', password: 'paseos-por-el-parque' },
    });
    expect(res.statusCode).toBe(201);
    const [created] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, 'clara@refugio.test'));
    const [row] = await t.database.db.select({ password: account.password }).from(account).where(eq(account.userId, created!.id));
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
    // The budgets count per minute of the clock: the whole describe runs at 09:00:05, never across a minute.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T09:00:05Z'));
    t = await createTestApp({ SIGN_IN_ATTEMPTS_PER_MINUTE: '3' });
    await t.createUser(STAFF);
    await t.createUser({ email: 'otra@refugio.test', password: 'otra-clave-del-equipo' });
    await t.createUser({ email: 'tercera@refugio.test', password: 'tercera-clave-del-equipo' });
    await t.createUser({ email: 'cuarta@refugio.test', password: 'cuarta-clave-del-equipo' });
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  const attempt = (email: string, password: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress, headers: { origin: PUBLIC_URL }, payload: { email, password } });

  it('never counts successful sign-ins: a whole office signs in at nine through one router', async () => {
    for (let i = 0; i < 8; i++) expect((await attempt(STAFF.email, STAFF.password, '10.9.0.1')).statusCode).toBe(200);
    // Nor do they use up what the failures of that address may spend.
    for (let i = 0; i < 2; i++) expect((await attempt('otra@refugio.test', 'intento-fallido', '10.9.0.1')).statusCode).toBe(401);
    expect((await attempt('otra@refugio.test', 'otra-clave-del-equipo', '10.9.0.1')).statusCode).toBe(200);
  });

  it('answers 429 with a Spanish message once the failures per minute of an address are used up, even with the right password', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt(STAFF.email, 'intento-fallido', '10.9.0.2')).statusCode).toBe(401);
    const locked = await attempt(STAFF.email, STAFF.password, '10.9.0.2');
    const body = expectErrorShape(locked, 429, 'RATE_LIMITED');
    expect(body.message).toBe('Demasiados intentos de inicio de sesión. Espera un minuto y vuelve a intentarlo.');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The address is refused for any account; others sign in.
    expectErrorShape(await attempt('tercera@refugio.test', 'tercera-clave-del-equipo', '10.9.0.2'), 429, 'RATE_LIMITED');
    expect((await attempt('tercera@refugio.test', 'tercera-clave-del-equipo', '10.9.0.3')).statusCode).toBe(200);
  });

  it('counts the failures of one account from many addresses', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt('cuarta@refugio.test', 'intento-fallido', `10.8.0.${i + 1}`)).statusCode).toBe(401);
    expectErrorShape(await attempt('cuarta@refugio.test', 'cuarta-clave-del-equipo', '10.8.0.50'), 429, 'RATE_LIMITED');
    // The account's e-mail is matched however it is written.
    expectErrorShape(await attempt(' CUARTA@refugio.test', 'cuarta-clave-del-equipo', '10.8.0.51'), 429, 'RATE_LIMITED');
  });

  it('lets through at most the budget of parallel guesses', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => attempt('tercera@refugio.test', 'adivinanza-falsa', '10.7.0.1')));
    const statuses = answers.map((a) => a.statusCode);
    // Each attempt is counted while it runs: never more than the budget are tried, whatever the interleaving.
    const tried = statuses.filter((s) => s === 401).length;
    expect(tried).toBeGreaterThan(0);
    expect(tried).toBeLessThanOrEqual(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(8 - tried);
  });
});
