import { MASK, type OrganizationRole, startingCapabilities } from '@refugio/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person } from '../../src/db/schema';
import { PUBLIC_URL, type TestApp, createTestApp } from '../helpers/helpers';

/** The organisation's roles (DESIGN section 21): their rules, a user given one, and what that user may do and see. */
describe("the organisation's roles", () => {
  let t: TestApp;
  const password = 'clave-de-prueba-segura-1';
  let coordinationCookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.createUser({ email: 'coordinacion@refugio.test', password, role: 'Coordinación' });
    coordinationCookie = await t.signIn('coordinacion@refugio.test', password);
  });
  afterAll(() => t.close());

  const admin = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.as('admin').inject({ method, url, ...(payload ? { payload } : {}) });
  const as = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { origin: PUBLIC_URL, cookie }, ...(payload ? { payload } : {}) });
  const create = async (body: object) => {
    const res = await admin('POST', '/api/roles', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<OrganizationRole>();
  };
  /** The Spanish reason a 400 gives for `field`. */
  const fieldError = (res: { json<T>(): T }, field: string) => res.json<{ fieldErrors?: Record<string, string> }>().fieldErrors?.[field];
  const auditOf = async (id: number) =>
    (await admin('GET', `/api/auditoria?entidad=rol&entidadId=${id}&pageSize=100`)).json<{
      items: { accion: string; cambios: Record<string, [unknown, unknown]> }[];
    }>().items;
  /** A user with the organisation role `roleId`, given through the users route, and its session. */
  async function userWith(roleId: number, email: string): Promise<{ id: string; cookie: string }> {
    const id = await t.createUser({ email, password, role: 'Equipo' });
    const res = await admin('PATCH', `/api/users/${id}`, { rolOrganizacion: roleId });
    expect(res.statusCode, res.body).toBe(200);
    return { id, cookie: await t.signIn(email, password) };
  }

  it('creates a role from one of the six with capabilities added and removed, and writes its history', async () => {
    const capacidades = [...startingCapabilities('Equipo').filter((c) => c !== 'mascotas.editar'), 'dinero'];
    const role = await create({ nombre: 'Tienda solidaria', basadoEn: 'Equipo', capacidades, enmascarar: false });
    expect(role).toMatchObject({ nombre: 'Tienda solidaria', basadoEn: 'Equipo', enmascarar: false, version: 1, usuarios: 0 });
    expect(role.capacidades).toContain('dinero');
    expect(role.capacidades).not.toContain('mascotas.editar');
    expect(role.capacidades[0]).toBe('cuenta');
    const listed = (await admin('GET', '/api/roles')).json<{ items: OrganizationRole[] }>().items;
    expect(listed.map((r) => r.nombre)).toContain('Tienda solidaria');
    const events = await auditOf(role.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ accion: 'crear' });
    expect(events[0]!.cambios.nombre).toEqual([null, 'Tienda solidaria']);
    // A built-in role is left as it is: Equipo still edits pets and has no money.
    expect(startingCapabilities('Equipo')).toContain('mascotas.editar');
  });

  it('refuses what stays with Administrador, naming it in Spanish, and capabilities the table does not know', async () => {
    for (const name of ['usuarios', 'ajustes', 'personas.rgpd']) {
      const res = await admin('POST', '/api/roles', { nombre: `Con ${name}`, basadoEn: 'Administrador', capacidades: ['mascotas.ver', name] });
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldError(res, 'capacidades')).toContain(`«${name}»`);
      expect(fieldError(res, 'capacidades')).toContain('solo del rol Administrador');
    }
    const unknown = await admin('POST', '/api/roles', { nombre: 'Raro', basadoEn: 'Equipo', capacidades: ['volar'] });
    expect(unknown.statusCode).toBe(400);
    expect(fieldError(unknown, 'capacidades')).toContain('«volar» no es una capacidad');
    const builtIn = await admin('POST', '/api/roles', { nombre: 'equipo', basadoEn: 'Equipo', capacidades: [] });
    expect(builtIn.statusCode).toBe(400);
    expect(fieldError(builtIn, 'nombre')).toBe('Ese nombre es el de un rol del sistema. Elige otro.');
    const base = await admin('POST', '/api/roles', { nombre: 'Sin base', basadoEn: 'Jefa', capacidades: [] });
    expect(base.statusCode).toBe(400);
    expect(fieldError(base, 'basadoEn')).toMatch(/rol base/);
    // An update cannot sneak one in either.
    const role = await create({ nombre: 'Recepción', basadoEn: 'Equipo', capacidades: ['mascotas.ver'] });
    const sneaky = await admin('PUT', `/api/roles/${role.id}`, { nombre: 'Recepción', capacidades: ['ajustes'], enmascarar: false, version: 1 });
    expect(sneaky.statusCode).toBe(400);
    expect(fieldError(sneaky, 'capacidades')).toContain('«ajustes»');
  });

  it('refuses a name another role has, whatever its case', async () => {
    await create({ nombre: 'Veterinaria externa', basadoEn: 'Veterinaria', capacidades: ['cuidados.ver'] });
    const again = await admin('POST', '/api/roles', { nombre: 'VETERINARIA EXTERNA', basadoEn: 'Equipo', capacidades: [] });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe('Ya existe un rol con ese nombre.');
  });

  it('renames and changes a role at its version: two people saving the same version get one 409', async () => {
    const role = await create({ nombre: 'Acogidas', basadoEn: 'Equipo', capacidades: ['movimientos'] });
    const saves = await Promise.all([
      admin('PUT', `/api/roles/${role.id}`, {
        nombre: 'Acogidas y casas',
        capacidades: ['movimientos', 'personas.ver'],
        enmascarar: false,
        version: 1,
      }),
      admin('PUT', `/api/roles/${role.id}`, { nombre: 'Casas de acogida', capacidades: ['movimientos'], enmascarar: true, version: 1 }),
    ]);
    expect(saves.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = saves.find((r) => r.statusCode === 409)!;
    expect(refused.json<{ message: string }>().message).toMatch(/Otra persona ha guardado este rol/);
    const saved = saves.find((r) => r.statusCode === 200)!.json<OrganizationRole>();
    expect(saved.version).toBe(2);
    const events = await auditOf(role.id);
    expect(events.map((e) => e.accion)).toEqual(['modificar', 'crear']);
    expect(events[0]!.cambios.nombre).toEqual(['Acogidas', saved.nombre]);
    expect((await admin('PUT', '/api/roles/999999', { nombre: 'X', capacidades: [], enmascarar: false, version: 1 })).statusCode).toBe(404);
  });

  it('deletes a role only while no user has it', async () => {
    const role = await create({ nombre: 'Temporal', basadoEn: 'Voluntariado', capacidades: ['mascotas.ver'] });
    const { id } = await userWith(role.id, 'temporal@refugio.test');
    const refused = await admin('DELETE', `/api/roles/${role.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe('No se puede eliminar: un usuario tiene este rol. Asígnales antes otro rol.');
    expect((await admin('GET', '/api/roles')).json<{ items: OrganizationRole[] }>().items.find((r) => r.id === role.id)?.usuarios).toBe(1);
    // The user goes back to a built-in role: the role is free.
    const back = await admin('PATCH', `/api/users/${id}`, { rol: 'Equipo' });
    expect(back.json<{ rolOrganizacion: unknown }>().rolOrganizacion).toBeNull();
    expect((await admin('DELETE', `/api/roles/${role.id}`)).statusCode).toBe(204);
    expect((await auditOf(role.id))[0]).toMatchObject({ accion: 'eliminar' });
    expect((await admin('DELETE', `/api/roles/${role.id}`)).statusCode).toBe(404);
  });

  it('is managed by Administrador only', async () => {
    expect((await as(coordinationCookie, 'GET', '/api/roles')).statusCode).toBe(403);
    expect((await as(coordinationCookie, 'POST', '/api/roles', { nombre: 'Mío', basadoEn: 'Equipo', capacidades: [] })).statusCode).toBe(403);
  });

  it('gives a user the role through /api/users: the base underneath, its name in the answer and the history', async () => {
    const role = await create({ nombre: 'Dirección', basadoEn: 'Administrador', capacidades: startingCapabilities('Administrador') });
    const { id, cookie } = await userWith(role.id, 'direccion@refugio.test');
    const user = (await admin('GET', '/api/users?q=direccion')).json<{ items: { id: string; rol: string; rolOrganizacion: unknown }[] }>().items[0]!;
    // Never Administrador underneath: what stays with it is not given (nor the sign-in library's admin routes).
    expect(user).toMatchObject({ id, rol: 'Coordinación', rolOrganizacion: { id: role.id, nombre: 'Dirección' } });
    expect((await as(cookie, 'GET', '/api/users')).statusCode).toBe(403);
    expect((await as(cookie, 'GET', '/api/auditoria')).statusCode).toBe(403);
    expect((await as(cookie, 'GET', '/api/personas/1/exportar')).statusCode).toBe(403);
    const history = (await admin('GET', `/api/auditoria?entidad=usuario&entidadId=${id}&pageSize=100`)).json<{
      items: { cambios: Record<string, [unknown, unknown]> }[];
    }>().items;
    expect(history.map((e) => e.cambios.rolOrganizacion).filter(Boolean)).toEqual([[null, 'Dirección']]);
    // Its own role lookup says what its session may do.
    const lookup = (await as(cookie, 'GET', `/api/functions/getUserRoleByUid?uid=${id}`)).json<{ rolOrganizacion: string; capacidades: string[] }>();
    expect(lookup.rolOrganizacion).toBe('Dirección');
    expect(lookup.capacidades).not.toContain('usuarios');
    // A role that does not exist, or both kinds at once, is refused in Spanish.
    const missing = await admin('PATCH', `/api/users/${id}`, { rolOrganizacion: 999999 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toMatch(/No existe ese rol de la organización/);
    expect((await admin('PATCH', `/api/users/${id}`, { rol: 'Equipo', rolOrganizacion: role.id })).statusCode).toBe(400);
    // A new user can be created with it too.
    const created = await admin('POST', '/api/users', {
      name: 'Nueva',
      mail: 'nueva-direccion@refugio.test',
      password: 'una frase larga de prueba 9',
      rolOrganizacion: role.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<{ rol: string; rolOrganizacion: { nombre: string } }>()).toMatchObject({
      rol: 'Coordinación',
      rolOrganizacion: { nombre: 'Dirección' },
    });
  });

  it('keeps the last administrator: giving it an organisation role is refused', async () => {
    const role = await create({ nombre: 'Casi todo', basadoEn: 'Administrador', capacidades: ['mascotas.ver'] });
    const adminId = (await admin('GET', '/api/users?q=admin@refugio.test')).json<{ items: { id: string }[] }>().items[0]!.id;
    const res = await admin('PATCH', `/api/users/${adminId}`, { rolOrganizacion: role.id });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/último administrador/);
  });

  it('lets its users do exactly its capabilities, and a change reaches their open session', async () => {
    const role = await create({ nombre: 'Tesorería y animales', basadoEn: 'Tesorería', capacidades: ['mascotas.ver', 'dinero'] });
    const { cookie } = await userWith(role.id, 'tesoreria-animales@refugio.test');
    expect((await as(cookie, 'GET', '/phpApi/mascotas')).statusCode).toBe(200);
    expect((await as(cookie, 'GET', '/api/donativos')).statusCode).toBe(200);
    // Tesorería reads persons; this role does not.
    expect((await as(cookie, 'GET', '/api/personas')).statusCode).toBe(403);
    const changed = await admin('PUT', `/api/roles/${role.id}`, {
      nombre: role.nombre,
      capacidades: ['mascotas.ver', 'personas.ver'],
      enmascarar: false,
      version: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await as(cookie, 'GET', '/api/donativos')).statusCode).toBe(403);
    expect((await as(cookie, 'GET', '/api/personas')).statusCode).toBe(200);
  });

  it("masks persons' identity for a role that masks, as Voluntariado sees them, and not for one that does not", async () => {
    const [row] = await t.database.db
      .insert(person)
      .values({ nombre: 'Marta', documento: '12345678Z', telefono: '+34612345678', direccion: 'Calle Mayor 1' })
      .returning();
    const masking = await create({ nombre: 'Voluntariado de calle', basadoEn: 'Equipo', capacidades: ['personas.ver'], enmascarar: true });
    const open = await create({ nombre: 'Voluntariado de confianza', basadoEn: 'Voluntariado', capacidades: ['personas.ver'], enmascarar: false });
    const masked = (await as((await userWith(masking.id, 'calle@refugio.test')).cookie, 'GET', `/api/personas/${row!.id}`)).json<
      Record<string, unknown>
    >();
    expect(masked).toMatchObject({ nombre: 'Marta', documento: MASK, telefono: MASK, direccion: MASK });
    const listed = (await as((await userWith(masking.id, 'calle2@refugio.test')).cookie, 'GET', '/api/personas?q=Marta')).json<{
      items: Record<string, unknown>[];
    }>();
    expect(listed.items[0]).toMatchObject({ telefono: MASK });
    const shown = (await as((await userWith(open.id, 'confianza@refugio.test')).cookie, 'GET', `/api/personas/${row!.id}`)).json<
      Record<string, unknown>
    >();
    expect(shown).toMatchObject({ documento: '12345678Z', direccion: 'Calle Mayor 1' });
    await t.database.db.delete(person).where(eq(person.id, row!.id));
  });
});
