import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, STAFF, type TestApp, createTestApp, expectErrorShape } from './helpers';

describe('GET /api/functions/getUserRoleByUid', () => {
  let t: TestApp;
  let adminId: string;
  let staffId: string;
  let adminCookie: string;
  let staffCookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    adminId = await t.createUser(ADMIN);
    staffId = await t.createUser(STAFF);
    adminCookie = await t.signIn(ADMIN.email, ADMIN.password);
    staffCookie = await t.signIn(STAFF.email, STAFF.password);
  });
  afterAll(() => t.close());

  const lookup = (uid: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url: `/api/functions/getUserRoleByUid?uid=${encodeURIComponent(uid)}`, headers: cookie ? { cookie } : {} });

  it('answers the caller its own role', async () => {
    expect((await lookup(staffId, staffCookie)).json()).toEqual({ rol: 'Equipo' });
    expect((await lookup(adminId, adminCookie)).json()).toEqual({ rol: 'Administrador' });
  });

  it("lets an administrator read anyone's role", async () => {
    const res = await lookup(staffId, adminCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ rol: 'Equipo' });
  });

  it("refuses a staff member another user's role", async () => {
    expectErrorShape(await lookup(adminId, staffCookie), 403, 'FORBIDDEN');
  });

  it('refuses an anonymous caller with 401', async () => {
    const body = expectErrorShape(await lookup(staffId), 401, 'UNAUTHENTICATED');
    expect(body.message).toBe('Usuario no autenticado. Por favor, inicia sesión.');
  });

  it('answers 404 for an unknown uid and 400 with a field error without uid', async () => {
    expectErrorShape(await lookup('no-existe', adminCookie), 404, 'NOT_FOUND');
    const res = await t.app.inject({ method: 'GET', url: '/api/functions/getUserRoleByUid', headers: { cookie: adminCookie } });
    const body = expectErrorShape(res, 400, 'VALIDATION_ERROR') as { fieldErrors?: Record<string, string> };
    expect(body.fieldErrors?.uid).toBeTruthy();
  });
});
