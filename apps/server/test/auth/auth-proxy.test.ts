import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, PUBLIC_URL, STAFF, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { multipart, petFields } from '../helpers/media';

/** Issue 9.9 and 9.11: what better-auth's own routes may do, and what they answer to the page. */
describe('the better-auth routes', () => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let temporary: string;
  let draftId: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.createUser(ADMIN);
    await t.createUser(STAFF);
    admin = await t.signIn(ADMIN.email, ADMIN.password);
    staff = await t.signIn(STAFF.email, STAFF.password);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: admin, origin: PUBLIC_URL },
      payload: { name: 'Temporal', mail: 'temporal@refugio.test', password: 'paseos-por-el-parque-9' },
    });
    expect(created.statusCode).toBe(201);
    temporary = await t.signIn('temporal@refugio.test', 'paseos-por-el-parque-9');
    const form = multipart(petFields({ estado: 'borrador' }));
    const pet = await t.app.inject({
      method: 'POST',
      url: '/phpApi/mascota/nueva',
      payload: form.payload,
      headers: { ...form.headers, cookie: staff, origin: PUBLIC_URL },
    });
    draftId = pet.json<{ id: number }>().id;
  });
  afterAll(() => t.close());

  const post = (url: string, cookie: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie, origin: PUBLIC_URL }, payload });

  it('does not let anyone change their profile around the /api/users rules', async () => {
    for (const cookie of [staff, temporary]) {
      const res = await post('/api/auth/update-user', cookie, {
        name: '<img src=x onerror=alert(1)>',
        lastname: 'x'.repeat(50_000),
        color: 'red;background:url(//evil)',
      });
      expectErrorShape(res, 404, 'NOT_FOUND');
    }
    const users = (await t.app.inject({ url: '/api/users', headers: { cookie: admin } })).json<{
      items: { name: string; lastname: string; color: string }[];
    }>().items;
    for (const u of users) {
      expect(u.name).not.toContain('<');
      expect(u.lastname.length).toBeLessThan(100);
      expect(u.color).toMatch(/^#[0-9A-F]{6}$/);
    }
  });

  it('closes the better-auth routes the application does not use', async () => {
    for (const url of [
      '/api/auth/list-sessions',
      '/api/auth/update-user',
      '/api/auth/delete-user',
      '/api/auth/change-email',
      '/api/auth/revoke-session',
    ]) {
      const method = url.endsWith('list-sessions') ? 'GET' : 'POST';
      const res = await t.app.inject({ method, url, headers: { cookie: staff, origin: PUBLIC_URL }, ...(method === 'POST' ? { payload: {} } : {}) });
      expectErrorShape(res, 404, 'NOT_FOUND');
    }
  });

  it('never hands the session token to the page beyond the HttpOnly cookie', async () => {
    const session = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: staff } });
    expect(session.statusCode).toBe(200);
    const body = session.json<{ session: Record<string, unknown>; user: { email: string } }>();
    expect(body.user.email).toBe(STAFF.email);
    expect(body.session).not.toHaveProperty('token');
    const cookieToken = decodeURIComponent(staff.split('session_token=')[1]!.split(';')[0]!).split('.')[0]!;
    expect(session.body).not.toContain(cookieToken);
    expect(session.headers['set-auth-token']).toBeUndefined();
  });

  it('gives a temporary-password session only the password change, its session and sign-out', async () => {
    expect((await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: temporary } })).statusCode).toBe(200);
    for (const url of [`/phpApi/mascota/${draftId}/imagenes`, `/api/mascotas/${draftId}/videos`]) {
      expectErrorShape(await t.app.inject({ url, headers: { cookie: temporary } }), 404, 'NOT_FOUND');
      expect((await t.app.inject({ url, headers: { cookie: staff } })).statusCode).toBe(200);
    }
  });
});
