import { type Asker, ROLES, ROUTE_PERMISSIONS, type Rol, can, routePermission, startingCapabilities } from '@refugio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL, type TestApp, createTestApp } from '../helpers/helpers';

/**
 * Every route of the OpenAPI document, called by nobody and by a user of each role, answers as the permission
 * table (packages/contracts/src/permissions.ts) says. A route missing from the table fails here (and stops the
 * server's start-up); a line of the table naming no route fails too. An organisation role (DESIGN section 21) is
 * walked too: its user may call exactly the routes of its own capabilities, whatever its base role allows.
 */

/** Based on Equipo, without editing pets, with money: neither set is Equipo's. */
const ORGANIZATION_ROLE = {
  role: 'Equipo',
  capacidades: [...startingCapabilities('Equipo').filter((c) => c !== 'mascotas.editar' && c !== 'mensajes'), 'dinero', 'inspecciones'],
};

/** A concrete URL for an OpenAPI path: parameters get an id that does not exist, wildcards a harmless path. */
function concreteUrl(pattern: string): string {
  return pattern
    .replace(/\{(id|imageId|index)\}/g, '999999')
    .replace(/\{[A-Za-z]+\}/g, 'no-existe')
    .replace('/api/auth/*', '/api/auth/get-session')
    .replace(/\*$/, 'json');
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

describe('permission table, route by role', () => {
  let t: TestApp;
  const callers = new Map<Rol | 'anonymous' | 'organización', string | undefined>([['anonymous', undefined]]);
  /** What the table is asked about each caller: a role's name, or the organisation role's capabilities. */
  const asker = (caller: Rol | 'organización'): Asker => (caller === 'organización' ? ORGANIZATION_ROLE : caller);
  let documented: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: 'token-de-metricas-de-prueba' });
    for (const role of ROLES) {
      const email = `${role.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}@refugio.test`;
      await t.createUser({ email, password: 'clave-de-prueba-segura-1', role });
      callers.set(role, await t.signIn(email, 'clave-de-prueba-segura-1'));
    }
    const admin = { origin: PUBLIC_URL, cookie: callers.get('Administrador')! };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: admin,
      payload: { nombre: 'Caja y animales', basadoEn: 'Equipo', capacidades: ORGANIZATION_ROLE.capacidades },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = await t.createUser({ email: 'organizacion@refugio.test', password: 'clave-de-prueba-segura-1', role: 'Equipo' });
    const given = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${id}`,
      headers: admin,
      payload: { rolOrganizacion: created.json<{ id: number }>().id },
    });
    expect(given.statusCode, given.body).toBe(200);
    callers.set('organización', await t.signIn('organizacion@refugio.test', 'clave-de-prueba-segura-1'));
    await t.app.ready();
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((m) => HTTP_METHODS.includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    // Eight accounts made and signed in, an app built: the limit bounds a hang on a busy machine.
  }, 180_000);
  afterAll(() => t.close());

  it('names every route of the OpenAPI document and every registered route, and no route that does not exist', () => {
    expect(documented.length).toBeGreaterThan(100);
    for (const route of documented) {
      const [method, path] = route.split(' ') as [string, string];
      expect(routePermission(method, path), `${route} is missing from ROUTE_PERMISSIONS`).toBeDefined();
    }
    const registered = [...t.app.routePermissions.keys()];
    for (const route of registered)
      expect(ROUTE_PERMISSIONS[route] ?? routePermission(...(route.split(' ') as [string, string])), route).toBeDefined();
    for (const line of Object.keys(ROUTE_PERMISSIONS)) {
      const [method, path] = line.split(' ') as [string, string];
      // better-auth's routes are registered before the table's hook (the server's plugin order): asked by name.
      const exists = t.app.hasRoute({ method: method, url: path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1') });
      const names = exists || registered.some((r) => (line.endsWith('*') ? r.startsWith(line.slice(0, -1)) : r === line));
      expect(names, `${line} in ROUTE_PERMISSIONS names no route of the server`).toBe(true);
    }
  });

  it('answers nobody and each role as the table says', async () => {
    // The hidden better-auth routes are not in the document: the table's wildcard lines are walked too.
    const routes = [...new Set([...documented, ...Object.keys(ROUTE_PERMISSIONS).filter((r) => r.includes('*'))])];
    for (const route of routes) {
      const [method, path] = route.split(' ') as [string, string];
      const permission = routePermission(method, path);
      for (const [caller, cookie] of callers) {
        const res = await t.app.inject({
          method: method as 'GET',
          url: concreteUrl(path),
          headers: { origin: PUBLIC_URL, ...(cookie ? { cookie } : {}) },
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        const label = `${caller} ${route} -> ${res.statusCode}`;
        // The one 5xx a healthy server gives: a feature switched off by configuration (no AI provider here).
        const featureOff = res.statusCode === 503 && res.json<{ code?: string }>().code === 'AI_UNAVAILABLE';
        if (!featureOff) expect(res.statusCode, label).toBeLessThan(500);
        if (permission === 'public') expect([401, 403], label).not.toContain(res.statusCode);
        // A token route: a session grants nothing, every caller without the token is unauthenticated.
        else if (permission === 'token' || caller === 'anonymous') expect(res.statusCode, label).toBe(401);
        else if (can(asker(caller), permission!)) expect([401, 403], label).not.toContain(res.statusCode);
        else expect(res.statusCode, label).toBe(403);
      }
    }
  });

  it('decides from its own records: a role changed is seen by the open session, a role in the body is ignored', async () => {
    const password = 'clave-de-prueba-segura-2';
    const id = await t.createUser({ email: 'cambia@refugio.test', password, role: 'Equipo' });
    const cookie = await t.signIn('cambia@refugio.test', password);
    const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who = cookie, payload?: object) =>
      t.app.inject({ method, url, headers: { origin: PUBLIC_URL, cookie: who }, ...(payload ? { payload } : {}) });
    expect((await call('GET', '/api/personas?q=x')).statusCode).toBe(200);
    // A forged role in a request changes nothing: the users routes are the administrators'.
    expect((await call('PATCH', `/api/users/${id}`, cookie, { rol: 'Administrador' })).statusCode).toBe(403);
    expect((await call('POST', '/api/auth/update-user', cookie, { role: 'Administrador' })).statusCode).toBe(404);
    const changed = await call('PATCH', `/api/users/${id}`, callers.get('Administrador'), { rol: 'Veterinaria' });
    expect(changed.json<{ rol: string }>().rol).toBe('Veterinaria');
    expect((await call('GET', '/api/personas?q=x')).statusCode).toBe(403);
    expect((await call('GET', '/api/salud/pendientes')).statusCode).toBe(200);
  });

  it('keeps what Equipo and Administrador could do before the six roles', () => {
    // Equipo: every route that used to be open to any signed-in user, except the RGPD export (administrators only now).
    for (const route of [
      'GET /api/personas/{id}',
      'POST /phpApi/mascota/nueva',
      'POST /api/salud/{id}/hecho',
      'GET /api/turnos',
      'GET /api/informes',
    ]) {
      const [method, path] = route.split(' ') as [string, string];
      expect(can('Equipo', routePermission(method, path) as never), route).toBe(true);
    }
    for (const permission of new Set(Object.values(ROUTE_PERMISSIONS))) {
      if (permission !== 'public' && permission !== 'token') expect(can('Administrador', permission), permission).toBe(true);
    }
  });
});
