import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, PUBLIC_URL, type TestApp, createTestApp, expectErrorShape } from './helpers';

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

  const weak = ['        ', 'aaaaaaaa', 'Refugio2026', 'refugio.2026', 'lucia.perez@refugio.test', 'LuciaPerez1', '12345678', 'qwertyuiop'];

  it.each(weak)('refuses %j when an administrator creates a user, creating nothing', async (password) => {
    const before = await userCount();
    const res = await api('POST', '/api/users', { name: 'Lucía', lastname: 'Pérez', mail: 'lucia.perez@refugio.test', password });
    const body = expectErrorShape(res, 400, 'VALIDATION_ERROR') as { fieldErrors?: Record<string, string> };
    expect(body.fieldErrors?.password).toMatch(/contraseña/);
    expect(await userCount()).toBe(before);
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
    for (const password of ['aaaaaaaa', 'Refugio2026', 'marta.gil@refugio.test']) {
      const res = await api('POST', `/api/users/${id}/reset-password`, { password });
      expect(expectErrorShape(res, 400, 'VALIDATION_ERROR')).toHaveProperty('fieldErrors.password');
    }
    const own = await t.signIn('marta.gil@refugio.test', 'paseos-por-el-parque');
    for (const newPassword of ['paseos-por-el-parque', 'MartaGil2026', 'marta.gil@refugio.test', '        ', 'Refugio2026']) {
      const res = await api('POST', '/api/auth/change-password', { currentPassword: 'paseos-por-el-parque', newPassword }, own);
      expect(expectErrorShape(res, 400, 'VALIDATION_ERROR'), newPassword).toHaveProperty('fieldErrors.newPassword');
    }
    const ok = await api('POST', '/api/auth/change-password', { currentPassword: 'paseos-por-el-parque', newPassword: 'Tq8#mX2p-vuelta' }, own);
    expect(ok.statusCode).toBe(200);
  });
});
