import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@refugio/contracts';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';
import { PUBLIC_URL, type TestApp, cookieHeader, createTestApp } from '../helpers/helpers';
import { openThrowawayDatabase } from '../helpers/throwaway-database';
import { totpCode } from '../helpers/totp';

const PASSWORD = 'clave-de-prueba-segura-1';
const STEP_MS = 30_000;
/** One secret for both instances: they sign each other's cookies and read each other's encrypted TOTP secrets. */
const SHARED = { AUTH_SECRET: 'secreto-compartido-de-las-dos-instancias-0123456789' };

/*
 * Issue 47.5: a code of the authenticator app is used once (RFC 6238 section 5.2). better-auth alone accepted one
 * code on every sign-in within its window; the last accepted step is kept per account and claimed atomically, so
 * of two sign-ins with one code at once, on two instances of the server on one database, exactly one wins.
 */
describe('two-step sign-in: a code is used once', () => {
  let a: TestApp;
  let b: TestApp;
  let second: DatabaseHandle | undefined;
  let drop: () => Promise<void> = () => Promise.resolve();
  const bases: string[] = [];

  beforeAll(async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      const opened = await openThrowawayDatabase(serverUrl, { prefix: 'refugio_test', poolSize: 10 });
      drop = opened.drop;
      const url = new URL(serverUrl);
      url.pathname = `/${opened.name}`;
      second = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 10 });
      a = await createTestApp(SHARED, { database: opened.database });
      b = await createTestApp(SHARED, { database: second });
    } else {
      a = await createTestApp(SHARED);
      b = await createTestApp(SHARED, { database: a.database });
    }
    bases.push(await a.app.listen({ port: 0, host: '127.0.0.1' }), await b.app.listen({ port: 0, host: '127.0.0.1' }));
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await second?.close();
    await drop();
  });

  const post = (url: string, payload: object, cookie = '') =>
    a.app.inject({ method: 'POST', url, headers: { origin: PUBLIC_URL, ...(cookie ? { cookie } : {}) }, payload });
  const signIn = (email: string) => post('/api/auth/sign-in/email', { email, password: PASSWORD });

  /** Enrols an account with the code `steps` steps from the moment it is sent; answers its otpauth URI and that moment. */
  async function enrol(email: string, steps: number): Promise<{ uri: string; at: number }> {
    await a.createUser({ email, password: PASSWORD, role: 'Equipo' });
    const cookie = cookieHeader(await signIn(email));
    const enabled = await post('/api/auth/two-factor/enable', { password: PASSWORD }, cookie);
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { totpURI } = enabled.json<{ totpURI: string }>();
    const at = Date.now();
    const verified = await post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI, at + steps * STEP_MS) }, cookie);
    expect(verified.statusCode, verified.body).toBe(200);
    return { uri: totpURI, at };
  }

  it('refuses the code that enrolled, and a code already used to sign in, saying it is wrong or expired', async () => {
    const { uri, at: now } = await enrol('una-vez@refugio.test', 0);

    const first = cookieHeader(await signIn('una-vez@refugio.test'));
    const reused = await post('/api/auth/two-factor/verify-totp', { code: totpCode(uri, now) }, first);
    expect(reused.statusCode).toBe(401);
    expect(reused.json<{ message: string }>().message).toBe(messages.auth.twoFactorCodeWrong);

    // The next step's code (the app a little ahead) signs in once; on a second sign-in it is refused.
    const next = totpCode(uri, now + STEP_MS);
    const good = await post('/api/auth/two-factor/verify-totp', { code: next }, first);
    expect(good.statusCode, good.body).toBe(200);
    const again = cookieHeader(await signIn('una-vez@refugio.test'));
    const replay = await post('/api/auth/two-factor/verify-totp', { code: next }, again);
    expect(replay.statusCode).toBe(401);
    expect(replay.json<{ message: string }>().message).toBe(messages.auth.twoFactorCodeWrong);
    // An older step than the last accepted one is refused too.
    expect((await post('/api/auth/two-factor/verify-totp', { code: totpCode(uri, now - STEP_MS) }, again)).statusCode).toBe(401);
    // A mistyped code says the same.
    const wrong = await post('/api/auth/two-factor/verify-totp', { code: next === '123456' ? '654321' : '123456' }, again);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json<{ message: string }>().message).toBe(messages.auth.twoFactorCodeWrong);
  });

  it('of two sign-ins with one code at once, on two instances, exactly one wins', async () => {
    const { uri, at: now } = await enrol('a-la-vez@refugio.test', -1);
    /** Two sign-ins waiting for their second step send `code` at once, one to each instance; their statuses, sorted. */
    const race = async (code: string) => {
      const pendings = [cookieHeader(await signIn('a-la-vez@refugio.test')), cookieHeader(await signIn('a-la-vez@refugio.test'))];
      const answers = await Promise.all(
        pendings.map((cookie, i) =>
          fetch(`${bases[i]}/api/auth/two-factor/verify-totp`, {
            method: 'POST',
            headers: { origin: PUBLIC_URL, cookie, 'content-type': 'application/json' },
            body: JSON.stringify({ code }),
          }),
        ),
      );
      return answers.map((r) => r.status).sort();
    };
    expect(await race(totpCode(uri, now))).toEqual([200, 401]);
    expect(await race(totpCode(uri, now + STEP_MS))).toEqual([200, 401]);
    expect(await race(totpCode(uri, now + STEP_MS))).toEqual([401, 401]);
  });
});
