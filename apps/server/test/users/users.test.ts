import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../src/db/schema';
import { ADMIN, PUBLIC_URL, STAFF, type TestApp, cookieHeader, createTestApp, expectErrorShape } from '../helpers/helpers';

type UserBody = {
  id: string;
  name: string;
  lastname: string;
  mail: string;
  rol: string;
  permisos: string;
  color: string;
  disabled: boolean;
  mustChangePassword: boolean;
};

describe('users API', () => {
  let t: TestApp;
  let adminId: string;
  let admin: string;
  let staffId: string;

  beforeAll(async () => {
    t = await createTestApp();
    adminId = await t.createUser({ ...ADMIN, name: 'Ana', lastname: 'Álvarez' });
    staffId = await t.createUser({ ...STAFF, name: 'José', lastname: 'Pérez' });
    admin = await t.signIn(ADMIN.email, ADMIN.password);
  });
  afterAll(() => t.close());

  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, cookie = admin) =>
    t.app.inject({ method, url, headers: { cookie, origin: PUBLIC_URL }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const usersCount = async () => (await t.database.db.select({ n: count() }).from(user))[0]?.n;

  it('creates a user with the documented defaults and a temporary password', async () => {
    const res = await api('POST', '/api/users', { name: ' Lucía ', lastname: 'Gómez', mail: 'Lucia@Refugio.test', password: 'paseos-por-el-parque' });
    expect(res.statusCode).toBe(201);
    expect(res.json<UserBody>()).toMatchObject({
      name: 'Lucía',
      lastname: 'Gómez',
      mail: 'lucia@refugio.test',
      rol: 'Equipo',
      permisos: 'equipo-web',
      color: '#3B82F6',
      disabled: false,
      mustChangePassword: true,
    });
  });

  it('answers a duplicate mail with 409 and a field error on mail', async () => {
    const before = await usersCount();
    const res = await api('POST', '/api/users', { name: 'Otra', mail: 'LUCIA@refugio.test', password: 'otra-clave-distinta' });
    const body = expectErrorShape(res, 409, 'CONFLICT') as { fieldErrors?: Record<string, string> };
    expect(body.fieldErrors?.mail).toBe('Ya existe un usuario con este correo.');
    expect(await usersCount()).toBe(before);
  });

  it.each([
    [
      { name: 'A', mail: 'a@refugio.test', password: 'clave-suficiente', rol: 'Jefe' },
      'rol',
      'El rol debe ser Administrador, Coordinación, Equipo, Voluntariado, Veterinaria o Tesorería.',
    ],
    [{ name: 'A', mail: 'no-es-correo', password: 'clave-suficiente' }, 'mail', 'Ingresa un correo electrónico válido.'],
    [{ name: 'x'.repeat(81), mail: 'a@refugio.test', password: 'clave-suficiente' }, 'name', 'El nombre no puede superar los 80 caracteres.'],
    [{ name: '', mail: 'a@refugio.test', password: 'clave-suficiente' }, 'name', 'El nombre es obligatorio.'],
    [
      { name: 'A', mail: 'a@refugio.test', password: 'clave-suficiente', color: 'azul' },
      'color',
      'El color debe ser un color hexadecimal, por ejemplo #3B82F6.',
    ],
    [{ name: 'A', mail: 'a@refugio.test', password: 'corta' }, 'password', 'La contraseña debe tener al menos 8 caracteres.'],
    [{ name: 'A', mail: 'a@refugio.test', password: 'x'.repeat(129) }, 'password', 'La contraseña no puede superar los 128 caracteres.'],
    [
      { name: 'A', mail: 'a@refugio.test', password: 'password123' },
      'password',
      'Esta contraseña es demasiado común y fácil de adivinar. Elige otra.',
    ],
    [
      { name: 'A', mail: 'a@refugio.test', password: 'clave-suficiente', permisos: 'Todo Permitido!' },
      'permisos',
      'Los permisos solo pueden tener letras minúsculas, números, guiones y guiones bajos.',
    ],
  ])('refuses %j with a Spanish field error and changes nothing', async (payload, field, message) => {
    const before = await usersCount();
    const body = expectErrorShape(await api('POST', '/api/users', payload), 400, 'VALIDATION_ERROR') as { fieldErrors?: Record<string, string> };
    expect(body.fieldErrors?.[field]).toBe(message);
    expect(await usersCount()).toBe(before);
  });

  it('lists users, searching without case or accents, and sorts', async () => {
    const found = (await api('GET', '/api/users?q=jose%20perez')).json<{ items: UserBody[] }>().items;
    expect(found.map((u) => u.id)).toEqual([staffId]);
    const byMail = (await api('GET', '/api/users?sort=mail&order=desc')).json<{ items: UserBody[]; total: number }>();
    const mails = byMail.items.map((u) => u.mail);
    expect(mails).toEqual([...mails].sort().reverse());
    expect(byMail.total).toBe(byMail.items.length);
    expectErrorShape(await api('GET', '/api/users?sort=password'), 400, 'VALIDATION_ERROR');
  });

  it('sorts by name in Spanish order (ñ after n, accents with their letter, any case), then by last name', async () => {
    const people = [
      ['Órion', 'Sur'],
      ['Ñube', 'Alta'],
      ['Oca', 'Blanca'],
      ['nube', 'Zeta'],
      ['Nube', 'Ávila'],
      ['Ñandú', 'Río'],
      ['Álvaro', 'Mar'],
      ['Pepa', 'Luna'],
    ] as const;
    for (const [index, [name, lastname]] of people.entries()) {
      await t.createUser({ email: `orden-${index}@refugio.test`, password: 'clave-orden-segura-1', name, lastname });
    }
    const byName = async (order: 'asc' | 'desc') =>
      (await api('GET', `/api/users?q=orden-&sort=name&order=${order}`)).json<{ items: UserBody[] }>().items.map((u) => `${u.name} ${u.lastname}`);
    const expected = ['Álvaro Mar', 'Nube Ávila', 'nube Zeta', 'Ñandú Río', 'Ñube Alta', 'Oca Blanca', 'Órion Sur', 'Pepa Luna'];
    expect(await byName('asc')).toEqual(expected);
    expect(await byName('desc')).toEqual([...expected].reverse());
  });

  it('edits name, lastname, rol, permisos and color, and refuses unknown fields', async () => {
    const res = await api('PATCH', `/api/users/${staffId}`, { lastname: 'Pérez Gil', color: '#10b981', permisos: 'equipo-redes' });
    expect(res.json<UserBody>()).toMatchObject({ lastname: 'Pérez Gil', color: '#10B981', permisos: 'equipo-redes', rol: 'Equipo' });
    expectErrorShape(await api('PATCH', `/api/users/${staffId}`, { mail: 'otro@refugio.test' }), 400, 'VALIDATION_ERROR');
    expectErrorShape(await api('PATCH', `/api/users/${staffId}`, {}), 400, 'VALIDATION_ERROR');
    expectErrorShape(await api('PATCH', '/api/users/no-existe', { name: 'X' }), 404, 'NOT_FOUND');
  });

  it('assigns each of the six roles, writes every change of role in the history, and refuses an unknown one', async () => {
    const created = await api('POST', '/api/users', { name: 'Vera', mail: 'vera@refugio.test', password: 'huellas-en-la-nieve', rol: 'Veterinaria' });
    expect(created.json<UserBody>().rol).toBe('Veterinaria');
    const id = created.json<UserBody>().id;
    for (const rol of ['Coordinación', 'Voluntariado', 'Tesorería', 'Equipo']) {
      expect((await api('PATCH', `/api/users/${id}`, { rol })).json<UserBody>().rol).toBe(rol);
    }
    const unknown = await api('PATCH', `/api/users/${id}`, { rol: 'Superusuario' });
    expectErrorShape(unknown, 400, 'VALIDATION_ERROR');
    expect((await api('GET', '/api/users?q=vera')).json<{ items: UserBody[] }>().items[0]?.rol).toBe('Equipo');
    const history = (await api('GET', `/api/auditoria?entidad=usuario&entidadId=${id}&pageSize=100`)).json<{
      items: { cambios: Record<string, [unknown, unknown]> }[];
    }>();
    const roles = history.items.map((e) => e.cambios.rol).filter(Boolean);
    expect(roles).toEqual(
      expect.arrayContaining([
        [null, 'Veterinaria'],
        ['Veterinaria', 'Coordinación'],
        ['Coordinación', 'Voluntariado'],
        ['Voluntariado', 'Tesorería'],
        ['Tesorería', 'Equipo'],
      ]),
    );
    await api('DELETE', `/api/users/${id}`);
  });

  it('never demotes, disables or deletes the last active administrator', async () => {
    // The only other candidate is not an administrator: Ana is the last one.
    const demote = expectErrorShape(await api('PATCH', `/api/users/${adminId}`, { rol: 'Equipo' }), 409, 'CONFLICT');
    expect(demote.message).toContain('último administrador');
    const [row] = await t.database.db.select().from(user).where(eq(user.id, adminId));
    expect(row?.role).toBe('Administrador');
  });

  it('refuses disabling or deleting yourself', async () => {
    expect(expectErrorShape(await api('POST', `/api/users/${adminId}/disable`), 409, 'CONFLICT').message).toBe(
      'No puedes desactivar ni eliminar tu propia cuenta.',
    );
    expectErrorShape(await api('DELETE', `/api/users/${adminId}`), 409, 'CONFLICT');
  });

  it('protects the last administrator from another administrator too, and allows it once there are two', async () => {
    const second = await t.createUser({ email: 'segunda@refugio.test', password: 'clave-de-la-segunda', role: 'Administrador' });
    const secondCookie = await t.signIn('segunda@refugio.test', 'clave-de-la-segunda');
    // With two active administrators, one may demote the other…
    expect((await api('PATCH', `/api/users/${second}`, { rol: 'Equipo' })).statusCode).toBe(200);
    // …who is then no administrator any more, and Ana is the last one again.
    expectErrorShape(await api('POST', `/api/users/${adminId}/disable`, undefined, secondCookie), 403, 'FORBIDDEN');
    expectErrorShape(await api('PATCH', `/api/users/${adminId}`, { rol: 'Equipo' }), 409, 'CONFLICT');
  });

  it('disables a user and their open session stops working at once; enabling lets them back in', async () => {
    const staffCookie = await t.signIn(STAFF.email, STAFF.password);
    expect((await api('GET', `/api/functions/getUserRoleByUid?uid=${staffId}`, undefined, staffCookie)).statusCode).toBe(200);
    expect((await api('POST', `/api/users/${staffId}/disable`)).json<UserBody>().disabled).toBe(true);
    expectErrorShape(await api('GET', `/api/functions/getUserRoleByUid?uid=${staffId}`, undefined, staffCookie), 401, 'UNAUTHENTICATED');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: PUBLIC_URL },
      payload: { email: STAFF.email, password: STAFF.password },
    });
    expectErrorShape(again, 403, 'ACCOUNT_DISABLED');
    expect((await api('POST', `/api/users/${staffId}/enable`)).json<UserBody>().disabled).toBe(false);
    await expect(t.signIn(STAFF.email, STAFF.password)).resolves.toBeTruthy();
  });

  it('deletes a user', async () => {
    const id = await t.createUser({ email: 'borrar@refugio.test', password: 'clave-para-borrar' });
    expect((await api('DELETE', `/api/users/${id}`)).statusCode).toBe(204);
    expectErrorShape(await api('DELETE', `/api/users/${id}`), 404, 'NOT_FOUND');
  });

  it('refuses every users call to a staff member', async () => {
    const staffCookie = await t.signIn(STAFF.email, STAFF.password);
    const before = await usersCount();
    expectErrorShape(await api('GET', '/api/users', undefined, staffCookie), 403, 'FORBIDDEN');
    expectErrorShape(
      await api('POST', '/api/users', { name: 'X', mail: 'x@refugio.test', password: 'clave-suficiente' }, staffCookie),
      403,
      'FORBIDDEN',
    );
    expect(await usersCount()).toBe(before);
  });

  it("does not let anyone raise their own permisos or role through better-auth's endpoints", async () => {
    const staffCookie = await t.signIn(STAFF.email, STAFF.password);
    await api('POST', '/api/auth/update-user', { permisos: 'todo', role: 'Administrador' }, staffCookie);
    const [row] = await t.database.db.select().from(user).where(eq(user.id, staffId));
    expect(row?.permisos).not.toBe('todo');
    expect(row?.role).toBe('Equipo');
    expectErrorShape(await api('POST', '/api/auth/admin/set-role', { userId: staffId, role: 'Administrador' }, admin), 404, 'NOT_FOUND');
  });
});

describe('temporary passwords', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.createUser(ADMIN);
    admin = await t.signIn(ADMIN.email, ADMIN.password);
  });
  afterAll(() => t.close());

  it('makes a new user change the password before anything else, and the change ends their other sessions', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: admin, origin: PUBLIC_URL },
      payload: { name: 'Nueva', mail: 'nueva@refugio.test', password: 'temporal-del-admin' },
    });
    const id = created.json<UserBody>().id;
    const first = await t.signIn('nueva@refugio.test', 'temporal-del-admin');
    const second = await t.signIn('nueva@refugio.test', 'temporal-del-admin');
    const session = (await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: first, origin: PUBLIC_URL } })).json<{
      user: { mustChangePassword: boolean };
    }>();
    expect(session.user.mustChangePassword).toBe(true);
    expectErrorShape(
      await t.app.inject({ url: `/api/functions/getUserRoleByUid?uid=${id}`, headers: { cookie: first, origin: PUBLIC_URL } }),
      403,
      'PASSWORD_CHANGE_REQUIRED',
    );

    const common = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: first, origin: PUBLIC_URL },
      payload: { currentPassword: 'temporal-del-admin', newPassword: 'password123' },
    });
    expect(expectErrorShape(common, 400, 'VALIDATION_ERROR')).toMatchObject({
      fieldErrors: { newPassword: 'Esta contraseña es demasiado común y fácil de adivinar. Elige otra.' },
    });

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: first, origin: PUBLIC_URL },
      payload: { currentPassword: 'temporal-del-admin', newPassword: 'mi-clave-elegida-por-mi', revokeOtherSessions: false },
    });
    expect(changed.statusCode).toBe(200);
    const current = cookieHeader(changed) || first;
    expect(
      (await t.app.inject({ url: `/api/functions/getUserRoleByUid?uid=${id}`, headers: { cookie: current, origin: PUBLIC_URL } })).json(),
    ).toMatchObject({
      rol: 'Equipo',
    });
    expect((await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: second, origin: PUBLIC_URL } })).json()).toBeNull();
  });

  it('makes a reset password temporary again and ends the sessions the user had', async () => {
    const id = await t.createUser({ email: 'olvido@refugio.test', password: 'clave-que-olvide' });
    const before = await t.signIn('olvido@refugio.test', 'clave-que-olvide');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/${id}/reset-password`,
      headers: { cookie: admin, origin: PUBLIC_URL },
      payload: { password: 'temporal-nueva-1' },
    });
    expect(res.json<UserBody>().mustChangePassword).toBe(true);
    expect((await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: before, origin: PUBLIC_URL } })).json()).toBeNull();
    await expect(t.signIn('olvido@refugio.test', 'clave-que-olvide')).rejects.toThrow();
    await expect(t.signIn('olvido@refugio.test', 'temporal-nueva-1')).resolves.toBeTruthy();
  });
});

describe('GET /api/functions/getFirestoreUsers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.createUser(ADMIN);
    await t.createUser(STAFF);
  });
  afterAll(() => t.close());

  it('answers the users to an administrator by cookie or by Bearer session token', async () => {
    const cookie = await t.signIn(ADMIN.email, ADMIN.password);
    const byCookie = await t.app.inject({ url: '/api/functions/getFirestoreUsers', headers: { cookie, origin: PUBLIC_URL } });
    const users = byCookie.json<{ users: Record<string, unknown>[] }>().users;
    expect(users).toHaveLength(2);
    expect(Object.keys(users[0]!).sort()).toEqual(['color', 'createdAt', 'id', 'lastname', 'mail', 'name', 'permisos', 'rol', 'updatedAt']);

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: PUBLIC_URL },
      payload: { email: ADMIN.email, password: ADMIN.password },
    });
    const token = signIn.json<{ token: string }>().token;
    const byBearer = await t.app.inject({ url: '/api/functions/getFirestoreUsers', headers: { authorization: `Bearer ${token}` } });
    expect(byBearer.statusCode).toBe(200);
    expect(byBearer.json<{ users: unknown[] }>().users).toHaveLength(2);
  });

  it('answers { error } with 401 when nobody is signed in and 403 for a non-administrator', async () => {
    const anonymous = await t.app.inject({ url: '/api/functions/getFirestoreUsers' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'Usuario no autenticado. Por favor, inicia sesión.' });
    const staff = await t.app.inject({ url: '/api/functions/getFirestoreUsers', headers: { cookie: await t.signIn(STAFF.email, STAFF.password) } });
    expect(staff.statusCode).toBe(403);
    expect(staff.json<{ error: string }>().error).toBeTruthy();
    const badToken = await t.app.inject({ url: '/api/functions/getFirestoreUsers', headers: { authorization: 'Bearer inventado' } });
    expect(badToken.statusCode).toBe(401);
  });
});
