import { userMessages } from '@refugio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, PUBLIC_URL, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';

/** Issue 9.12: every route that sets a password refuses guessable ones (ASVS 5.0 V6.2) with a Spanish field error. */
describe('password policy', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.createUser(ADMIN);
    admin = await t.signIn(ADMIN.email, ADMIN.password);
  });
  afterAll(() => t.close());

  const api = (method: 'POST', url: string, payload: object, cookie = admin) =>
    t.app.inject({ method, url, headers: { cookie, origin: PUBLIC_URL }, payload });
  const userCount = async () => (await t.app.inject({ url: '/api/users', headers: { cookie: admin } })).json<{ total: number }>().total;

  const weak = [
    '        ',
    'aaaaaaaa',
    'Refugio2026',
    'refugio.2026',
    'lucia.perez@refugio.test',
    'LuciaPerez1',
    '12345678',
    'qwertyuiop',
    'Password2026!',
    'Contraseña-2026',
    'Bienvenido2026!',
    'paseos-por\u0000el-parque',
    'paseos por el\nparque',
  ];

  it.each(weak)('refuses %j when an administrator creates a user, creating nothing', async (password) => {
    const before = await userCount();
    const res = await api('POST', '/api/users', { name: 'Lucía', lastname: 'Pérez', mail: 'lucia.perez@refugio.test', password });
    const body = expectErrorShape(res, 400, 'VALIDATION_ERROR') as { fieldErrors?: Record<string, string> };
    expect(body.fieldErrors?.password).toMatch(/contraseña/);
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['Password2026!', userMessages.passwordCommonWord],
    ['Contraseña-2026', userMessages.passwordCommonWord],
    ['Refugio.2026!', userMessages.passwordOrganisation],
    ['Lucia.Perez.77', userMessages.passwordPersonName],
    ['paseos-por\u0000el-parque', userMessages.passwordControlChars],
  ])('names the real reason when %j is refused for someone else', async (password, reason) => {
    const res = await api('POST', '/api/users', { name: 'Lucía', lastname: 'Pérez', mail: 'lucia.perez@refugio.test', password });
    expect(expectErrorShape(res, 400, 'VALIDATION_ERROR')).toMatchObject({ fieldErrors: { password: reason } });
  });

  it("refuses the words of the address the organisation is served at (PUBLIC_URL's host)", async () => {
    const own = await createTestApp({ PUBLIC_URL: 'https://huellas-felices.example.org' });
    try {
      await own.createUser(ADMIN);
      const origin = 'https://huellas-felices.example.org';
      const signIn = await own.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin }, payload: ADMIN });
      const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const res = await own.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { cookie, origin },
        payload: { name: 'Ana', mail: 'ana@refugio.test', password: 'HuellasFelices#9' },
      });
      expect(expectErrorShape(res, 400, 'VALIDATION_ERROR')).toMatchObject({ fieldErrors: { password: userMessages.passwordOrganisation } });
    } finally {
      await own.close();
    }
  });

  it('refuses weak temporary passwords on reset, and weak, personal or unchanged ones on change', async () => {
    const created = await api('POST', '/api/users', {
      name: 'Marta',
      lastname: 'Gil',
      mail: 'marta.gil@refugio.test',
      password: 'paseos-por-el-parque',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: string }>().id;
    for (const password of ['aaaaaaaa', 'Refugio2026', 'marta.gil@refugio.test', 'Password2026!', 'Contraseña-2026', 'x\u0000paseos-del-parque']) {
      const res = await api('POST', `/api/users/${id}/reset-password`, { password });
      expect(expectErrorShape(res, 400, 'VALIDATION_ERROR')).toHaveProperty('fieldErrors.password');
    }
    const own = await t.signIn('marta.gil@refugio.test', 'paseos-por-el-parque');
    const reset = await api('POST', `/api/users/${id}/reset-password`, { password: 'Marta.Gil.1990' });
    expect(expectErrorShape(reset, 400, 'VALIDATION_ERROR')).toMatchObject({ fieldErrors: { password: userMessages.passwordPersonName } });
    for (const newPassword of [
      'paseos-por-el-parque',
      'MartaGil2026',
      'marta.gil@refugio.test',
      '        ',
      'Refugio2026',
      'Password2026!',
      'Contraseña-2026',
      'vuelta-al\u0000parque-9',
    ]) {
      const res = await api('POST', '/api/auth/change-password', { currentPassword: 'paseos-por-el-parque', newPassword }, own);
      expect(expectErrorShape(res, 400, 'VALIDATION_ERROR'), newPassword).toHaveProperty('fieldErrors.newPassword');
    }
    // The person changing their own password is told about "tu nombre".
    const personal = await api('POST', '/api/auth/change-password', { currentPassword: 'paseos-por-el-parque', newPassword: 'MartaGil2026' }, own);
    expect(personal.json()).toMatchObject({ fieldErrors: { newPassword: userMessages.passwordOwnName } });
    const ok = await api('POST', '/api/auth/change-password', { currentPassword: 'paseos-por-el-parque', newPassword: 'Tq8#mX2p-vuelta' }, own);
    expect(ok.statusCode).toBe(200);
    // The new session's token travels only in the HttpOnly cookie, never in the JSON a page can read.
    expect(ok.body).not.toMatch(/token/i);
    const cookie = ok.cookies.find((c) => c.name.endsWith('session_token'));
    expect(cookie?.httpOnly).toBe(true);
    expect(ok.body).not.toContain(decodeURIComponent(cookie!.value).split('.')[0]);
  });
});
