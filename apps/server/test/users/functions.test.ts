import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type Role, STAFF, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';

describe('GET /api/functions/getUserRoleByUid', () => {
  let t: TestApp;
  let adminId: string;
  let staffId: string;

  beforeAll(async () => {
    t = await createTestApp();
    adminId = await t.createUser(ADMIN);
    staffId = await t.createUser(STAFF);
  });
  afterAll(() => t.close());

  const lookup = (uid: string, as: Role) => t.as(as).inject({ method: 'GET', url: `/api/functions/getUserRoleByUid?uid=${encodeURIComponent(uid)}` });

  it('answers the caller its own role', async () => {
    // With what the caller's own session may do (the menu follows it; an organisation role's capabilities decide).
    const own = (await lookup(staffId, 'staff')).json<{ rol: string; rolOrganizacion: null; capacidades: string[]; enmascarar: boolean }>();
    expect(own).toMatchObject({ rol: 'Equipo', rolOrganizacion: null, enmascarar: false });
    expect(own.capacidades).toContain('mascotas.editar');
    expect(own.capacidades).not.toContain('dinero');
    expect((await lookup(adminId, 'admin')).json()).toMatchObject({ rol: 'Administrador' });
  });

  it("lets an administrator read anyone's role", async () => {
    const res = await lookup(staffId, 'admin');
    expect(res.statusCode).toBe(200);
    // Someone else's: the role and its organisation role's name, not a session's capabilities.
    expect(res.json()).toEqual({ rol: 'Equipo', rolOrganizacion: null });
  });

  it("refuses a staff member another user's role", async () => {
    expectErrorShape(await lookup(adminId, 'staff'), 403, 'FORBIDDEN');
  });

  it('refuses an anonymous caller with 401', async () => {
    const body = expectErrorShape(await lookup(staffId, 'anonymous'), 401, 'UNAUTHENTICATED');
    expect(body.message).toBe('Usuario no autenticado. Por favor, inicia sesión.');
  });

  it('answers 404 for an unknown uid', async () => {
    expectErrorShape(await lookup('no-existe', 'admin'), 404, 'NOT_FOUND');
  });

  it('answers 400 with a field error without uid', async () => {
    const res = await t.as('admin').inject({ method: 'GET', url: '/api/functions/getUserRoleByUid' });
    const body = expectErrorShape(res, 400, 'VALIDATION_ERROR') as { fieldErrors?: Record<string, string> };
    expect(body.fieldErrors?.uid).toBeTruthy();
  });
});
