import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL, type TestApp, cookieHeader, createTestApp } from '../helpers/helpers';
import { totpCode } from '../helpers/totp';

const PASSWORD = 'clave-de-prueba-segura-1';

/** The second step (DESIGN section 20): TOTP and backup codes, required of Administrador and Tesorería here. */
describe('two-step sign-in', () => {
  let t: TestApp;
  let otherAdmin: string;

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_TWO_FACTOR: '1', SIGN_IN_ATTEMPTS_PER_MINUTE: '5' });
    await t.createUser({ email: 'otra-admin@refugio.test', password: PASSWORD, role: 'Administrador' });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, cookie = '') =>
    t.app.inject({ method: 'POST', url, headers: { origin: PUBLIC_URL, ...(cookie ? { cookie } : {}) }, payload });
  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { origin: PUBLIC_URL, cookie } });
  const signIn = (email: string) => post('/api/auth/sign-in/email', { email, password: PASSWORD });
  const hasSession = (cookie: string) => /better-auth\.session_token=[^;]+/.test(cookie);

  /** Signs in and enrols an account; answers its otpauth URI and backup codes. */
  async function enrol(email: string): Promise<{ uri: string; backupCodes: string[]; cookie: string }> {
    const first = await signIn(email);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ siguientePaso?: string }>().siguientePaso).toBe('activar-dos-pasos');
    const cookie = cookieHeader(first);
    // The session opens nothing but the enrolment.
    const refused = await get('/api/personas', cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ code: string }>().code).toBe('TWO_FACTOR_REQUIRED');
    const enabled = await post('/api/auth/two-factor/enable', { password: PASSWORD }, cookie);
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { totpURI, backupCodes } = enabled.json<{ totpURI: string; backupCodes: string[] }>();
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Refugio%20Admin:/);
    expect(backupCodes).toHaveLength(10);
    const verified = await post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) }, cookie);
    expect(verified.statusCode, verified.body).toBe(200);
    const after = cookieHeader(verified) || cookie;
    expect((await get('/api/personas', after)).statusCode).toBe(200);
    return { uri: totpURI, backupCodes, cookie: after };
  }

  it('leads an administrator without it to enrol, then asks the code at every sign-in and gives no session before it', async () => {
    otherAdmin = (await enrol('otra-admin@refugio.test')).cookie;
    await t.createUser({ email: 'tesoreria@refugio.test', password: PASSWORD, role: 'Tesorería' });
    const { uri, backupCodes } = await enrol('tesoreria@refugio.test');

    const signedIn = await signIn('tesoreria@refugio.test');
    expect(signedIn.json<{ twoFactorRedirect?: boolean }>().twoFactorRedirect).toBe(true);
    const pending = cookieHeader(signedIn);
    expect(hasSession(pending)).toBe(false);
    expect((await get('/api/personas', pending)).statusCode).toBe(401);
    expect((await post('/api/auth/two-factor/verify-totp', { code: '000000' }, pending)).statusCode).toBe(401);
    // The next step's code: the one that enrolled is used (a code serves once, two-factor-replay.test.ts).
    const good = await post('/api/auth/two-factor/verify-totp', { code: totpCode(uri, Date.now() + 30_000) }, pending);
    expect(good.statusCode, good.body).toBe(200);
    expect((await get('/api/cuotas', cookieHeader(good))).statusCode).toBe(200);

    // A backup code works once.
    const again = cookieHeader(await signIn('tesoreria@refugio.test'));
    const backup = await post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] }, again);
    expect(backup.statusCode, backup.body).toBe(200);
    const third = cookieHeader(await signIn('tesoreria@refugio.test'));
    expect((await post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] }, third)).statusCode).toBe(401);
  });

  it('leaves it optional for the other roles, and writes every change of it in the history', async () => {
    await t.createUser({ email: 'equipo2@refugio.test', password: PASSWORD, role: 'Equipo' });
    const res = await signIn('equipo2@refugio.test');
    expect(res.json<{ siguientePaso?: string }>().siguientePaso).toBeUndefined();
    expect((await get('/api/personas', cookieHeader(res))).statusCode).toBe(200);

    const users = (await get('/api/users?q=tesoreria', otherAdmin)).json<{ items: { id: string; twoFactorEnabled: boolean }[] }>().items;
    const treasurer = users[0]!;
    expect(treasurer.twoFactorEnabled).toBe(true);
    // Losing the phone: another administrator resets it; the next sign-in enrols again.
    const reset = await post(`/api/users/${treasurer.id}/reset-two-factor`, {}, otherAdmin);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json<{ twoFactorEnabled: boolean }>().twoFactorEnabled).toBe(false);
    expect((await signIn('tesoreria@refugio.test')).json<{ siguientePaso?: string }>().siguientePaso).toBe('activar-dos-pasos');
    const history = (await get(`/api/auditoria?entidad=usuario&entidadId=${treasurer.id}&pageSize=50`, otherAdmin)).json<{
      items: { cambios: Record<string, unknown> }[];
    }>();
    const changes = history.items.map((e) => e.cambios.dosPasos).filter(Boolean);
    expect(changes).toEqual(
      expect.arrayContaining([
        [false, true],
        [true, false],
      ]),
    );
    // Nobody resets their own from the users list.
    const selfId = (await get('/api/users?q=otra-admin', otherAdmin)).json<{ items: { id: string }[] }>().items[0]!.id;
    expect((await post(`/api/users/${selfId}/reset-two-factor`, {}, otherAdmin)).statusCode).toBe(409);
  });

  it('lets a person renew the backup codes and turn the second step off with the password, never a role that must have it', async () => {
    // Tesorería must have it here: turning it off is refused, whatever the password.
    await t.createUser({ email: 'obligada@refugio.test', password: PASSWORD, role: 'Tesorería' });
    const obliged = await enrol('obligada@refugio.test');
    const refused = await post('/api/auth/two-factor/disable', { password: PASSWORD }, obliged.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(
      'Tu rol exige la verificación en dos pasos: no se puede desactivar. Si has perdido el móvil, pide a otro administrador que la restablezca.',
    );
    expect((await signIn('obligada@refugio.test')).json<{ twoFactorRedirect?: boolean }>().twoFactorRedirect).toBe(true);

    // Equipo chose it: new codes replace the old ones, and it may turn it off.
    await t.createUser({ email: 'opcional@refugio.test', password: PASSWORD, role: 'Equipo' });
    const cookie = cookieHeader(await signIn('opcional@refugio.test'));
    const enabled = await post('/api/auth/two-factor/enable', { password: PASSWORD }, cookie);
    const { totpURI, backupCodes: oldCodes } = enabled.json<{ totpURI: string; backupCodes: string[] }>();
    const verified = await post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) }, cookie);
    expect(verified.statusCode, verified.body).toBe(200);
    const session = cookieHeader(verified) || cookie;

    const wrong = await post('/api/auth/two-factor/generate-backup-codes', { password: 'no-es-la-clave-1' }, session);
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrong.statusCode).toBeLessThan(500);
    const renewed = await post('/api/auth/two-factor/generate-backup-codes', { password: PASSWORD }, session);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const newCodes = renewed.json<{ backupCodes: string[] }>().backupCodes;
    expect(newCodes).toHaveLength(10);
    const stale = cookieHeader(await signIn('opcional@refugio.test'));
    expect((await post('/api/auth/two-factor/verify-backup-code', { code: oldCodes[0] }, stale)).statusCode).toBe(401);
    const fresh = await post('/api/auth/two-factor/verify-backup-code', { code: newCodes[0] }, stale);
    expect(fresh.statusCode, fresh.body).toBe(200);
    const current = cookieHeader(fresh);

    const badOff = await post('/api/auth/two-factor/disable', { password: 'no-es-la-clave-1' }, current);
    expect(badOff.statusCode).toBeGreaterThanOrEqual(400);
    expect(badOff.statusCode).toBeLessThan(500);
    const off = await post('/api/auth/two-factor/disable', { password: PASSWORD }, current);
    expect(off.statusCode, off.body).toBe(200);
    const plain = await signIn('opcional@refugio.test');
    expect(plain.json<{ twoFactorRedirect?: boolean }>().twoFactorRedirect).toBeUndefined();
    expect((await get('/api/personas', cookieHeader(plain))).statusCode).toBe(200);

    const id = (await get('/api/users?q=opcional', otherAdmin)).json<{ items: { id: string }[] }>().items[0]!.id;
    const history = (await get(`/api/auditoria?entidad=usuario&entidadId=${id}&pageSize=50`, otherAdmin)).json<{
      items: { cambios: Record<string, unknown>; descripcion?: string[] }[];
    }>();
    expect(history.items.map((e) => e.cambios.dosPasos).filter(Boolean)).toEqual(
      expect.arrayContaining([
        [false, true],
        [true, false],
      ]),
    );
    expect(history.items.filter((e) => e.cambios.codigosRespaldo)).toHaveLength(1);
  });

  it('counts codes guessed in parallel against the limit, never more', async () => {
    await t.createUser({ email: 'adivina@refugio.test', password: PASSWORD, role: 'Tesorería' });
    await enrol('adivina@refugio.test');
    const pending = cookieHeader(await signIn('adivina@refugio.test'));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post('/api/auth/two-factor/verify-totp', { code: String(100000 + i) }, pending)),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  });
});
