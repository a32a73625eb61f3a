import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../src/db/schema';
import { ADMIN, PUBLIC_URL, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';

describe('bad input at the HTTP edge', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.createUser(ADMIN);
    cookie = await t.signIn(ADMIN.email, ADMIN.password);
  });
  afterAll(() => t.close());

  const usersCount = async () => (await t.database.db.select({ n: count() }).from(user))[0]?.n;

  it('answers malformed JSON with 400 and the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expectErrorShape(res, res.statusCode);
  });

  it('answers malformed JSON on an API route with 400 INVALID_JSON', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/health', headers: { 'content-type': 'application/json' }, payload: '{nope' });
    expect(res.statusCode).toBeLessThan(500);
    expectErrorShape(res, res.statusCode);
  });

  it('answers a wrong content type with 415', async () => {
    const before = await usersCount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'text/plain', origin: PUBLIC_URL },
      payload: 'email=a&password=b',
    });
    expectErrorShape(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(await usersCount()).toBe(before);
  });

  it('answers an oversized body with 413', async () => {
    const payload = JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(200 * 1024) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
      payload,
    });
    expectErrorShape(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('answers unknown API paths with a JSON 404 in Spanish', async () => {
    for (const url of ['/api/no-existe', '/api', '/phpApi/mascota/1/loquesea', '/api/functions/otraFuncion']) {
      const body = expectErrorShape(await t.app.inject({ method: 'GET', url, headers: { cookie } }), 404, 'NOT_FOUND');
      expect(body.message).toBe('El recurso solicitado no existe.');
    }
    expectErrorShape(await t.app.inject({ method: 'DELETE', url: '/api/health' }), 404, 'NOT_FOUND');
  });

  it('never answers 5xx to garbage URLs and query strings', async () => {
    for (const url of [
      '/api/functions/getUserRoleByUid?uid=%E0%A4%A',
      '/%ff%fe',
      '/api/%2e%2e/%2e%2e/etc/passwd',
      `/api/functions/getUserRoleByUid?uid=${'x'.repeat(5000)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it('answers 401 before looking at the input of a protected route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/functions/getUserRoleByUid' });
    expectErrorShape(res, 401, 'UNAUTHENTICATED');
  });
});

describe('health, readiness, docs and headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports alive and ready', async () => {
    expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/api/ready')).json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('serves the OpenAPI document generated from the route schemas, and its browser', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/ready',
        '/api/functions/getUserRoleByUid',
        '/api/public/mascotas',
        '/api/public/solicitudes-adopcion',
      ]),
    );
    const ui = await t.app.inject('/api/docs');
    expect(ui.statusCode).toBeLessThan(400);
  });

  it('sends security headers with a same-origin CSP', async () => {
    const res = await t.app.inject('/api/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('readiness when the database is gone', () => {
  it('answers 503 with the error shape', async () => {
    const t = await createTestApp();
    await t.database.close();
    const res = await t.app.inject('/api/ready');
    expectErrorShape(res, 503, 'SERVICE_UNAVAILABLE');
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    await t.close();
  });
});

describe('serving the single-page app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'refugio-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="es"><div id="root"></div></html>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    writeFileSync(path.join(dist, 'adopta.html'), '<!doctype html><html lang="es"><div id="root" data-public></div></html>');
    writeFileSync(path.join(dist, 'firmar.html'), '<!doctype html><html lang="es"><div id="root" data-firmar></div></html>');
    writeFileSync(path.join(dist, 'colabora.html'), '<!doctype html><html lang="es"><div id="root" data-colabora></div></html>');
    writeFileSync(path.join(dist, 'inspeccion.html'), '<!doctype html><html lang="es"><div id="root" data-inspeccion></div></html>');
    t = await createTestApp({}, { webDistDir: dist });
  });
  afterAll(() => t.close());

  it('answers client-side routes with index.html (history fallback), not cached', async () => {
    for (const url of ['/', '/login', '/editar/12', '/blocks', '/una/ruta/desconocida?x=1']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers the public pages (/adopta, /adopta/{id}) with their own entry, not the staff app', async () => {
    for (const url of ['/adopta', '/adopta/', '/adopta/12', '/adopta?tipo=Gato']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('data-public');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await t.app.inject('/adoptame')).body).not.toContain('data-public');
  });

  it('answers the contract signing page (/firmar/{token}) with its own entry, not cached', async () => {
    for (const url of ['/firmar/abc_DEF-123', '/firmar/abc/', '/firmar/abc?x=1']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('data-firmar');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await t.app.inject('/firmar')).body).not.toContain('data-firmar');
  });

  it('answers /colabora with its own entry, not cached', async () => {
    for (const url of ['/colabora', '/colabora/', '/colabora?origen=web']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('data-colabora');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await t.app.inject('/colabora/otra')).body).not.toContain('data-colabora');
  });

  it("answers the inspector's page (/inspeccion/{token}) with its own entry, not cached", async () => {
    for (const url of ['/inspeccion/abc_DEF-123', '/inspeccion/abc?mascota=3']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('data-inspeccion');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await t.app.inject('/inspeccion')).body).not.toContain('data-inspeccion');
    expect((await t.app.inject('/inspecciones')).body).not.toContain('data-inspeccion');
  });

  it('serves hashed assets with a long immutable cache, and other files as they are', async () => {
    const asset = await t.app.inject('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject('/favicon.svg')).body).toBe('<svg/>');
  });

  it('answers a missing asset with 404 instead of HTML', async () => {
    expectErrorShape(await t.app.inject('/assets/missing.js'), 404, 'NOT_FOUND');
  });

  it('does not serve files outside the build folder', async () => {
    const res = await t.app.inject('/..%2f..%2f..%2fetc%2fpasswd');
    expect(res.body).not.toContain('root:');
  });

  it('still answers unknown API paths with JSON', async () => {
    expectErrorShape(await t.app.inject('/api/nada'), 404, 'NOT_FOUND');
  });
});
