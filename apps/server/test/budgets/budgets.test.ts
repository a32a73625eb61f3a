import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pet } from '../../src/db/schema';
import { ADMIN, STAFF, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis server answers; CI starts one, so there a missing Redis fails the suite instead of skipping. */
async function redisReachable(): Promise<boolean> {
  if (process.env.CI) return true;
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1000 });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

function expectRefused(res: Awaited<ReturnType<TestApp['app']['inject']>>, maxRetryAfterSeconds = 60) {
  const body = expectErrorShape(res, 429, 'RATE_LIMITED');
  expect(body.message).toBe('Demasiados intentos. Espera un momento y vuelve a intentarlo.');
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxRetryAfterSeconds);
}

describe('what is never refused for volume', () => {
  let t: TestApp;

  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'refugio-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
    t = await createTestApp({ ANON_REQUESTS_PER_MINUTE: '3', USER_REQUESTS_PER_MINUTE: '3' }, { webDistDir: dist });
    // A published pet 7 (media of pets that are not public are for staff only).
    await t.database.db
      .insert(pet)
      .overridingSystemValue()
      .values({ id: 7, nombre: 'Siete', edad: '1 año', tipo: 'Gato', genero: 'macho', tamano: 'chico', estado: 'publicada' });
    await t.app.storage.put('productos/7/foto.jpg', Readable.from([Buffer.from('imagen')]));
    await t.app.storage.put('productos/7/thumbs/foto.webp', Readable.from([Buffer.from('miniatura')]));
    await t.app.storage.put('videos/PET_VIDEO_7_1700000000000_paseo.mp4', Readable.from([Buffer.from('video')]));
  });
  afterAll(() => t.close());

  it('answers health, readiness, the SPA files and media however many requests come from one address', async () => {
    const urls = [
      '/api/health',
      '/api/ready',
      '/',
      '/login',
      '/assets/index-abc.js',
      '/phpApi/storage/app/public/productos/7/foto.jpg',
      '/phpApi/storage/app/public/productos/7/thumbs/foto.webp',
      '/api/mascotas/7/videos/PET_VIDEO_7_1700000000000_paseo.mp4',
    ];
    for (let round = 0; round < 25; round++) {
      const answers = await Promise.all(urls.map((url) => t.app.inject(url)));
      answers.forEach((res, i) => expect(res.statusCode, `${urls[i]} (round ${round})`).toBe(200));
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/phpApi/storage/app/public/productos/7/foto.jpg' });
    expect(head.statusCode).toBe(200);
    // ...while the same address is out of budget for everything else.
    for (let i = 0; i < 3; i++) await t.app.inject('/api/nada');
    expectRefused(await t.app.inject('/api/no-existe'));
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
  });
});

describe('the general budgets', () => {
  let t: TestApp;
  let staffCookie: string;
  let adminCookie: string;

  beforeAll(async () => {
    t = await createTestApp({ ANON_REQUESTS_PER_MINUTE: '4', USER_REQUESTS_PER_MINUTE: '5' });
    await t.createUser(STAFF);
    await t.createUser(ADMIN);
    // Sign-ins come from other addresses: this test's own address starts with a full budget.
    staffCookie = await signInFrom(t, STAFF, '10.0.0.1');
    adminCookie = await signInFrom(t, ADMIN, '10.0.0.2');
  });
  afterAll(() => t.close());

  it('budgets anonymous calls to staff routes, and their 401 and 429 answers carry the security headers', async () => {
    const call = () => t.app.inject({ url: '/phpApi/mascotas', remoteAddress: '10.0.1.1' });
    for (let i = 0; i < 4; i++) {
      const res = expectErrorShape(await call(), 401, 'UNAUTHENTICATED');
      expect(res).toBeDefined();
    }
    const first401 = await t.app.inject({ url: '/phpApi/mascotas', remoteAddress: '10.0.1.2' });
    expect(first401.statusCode).toBe(401);
    expect(first401.headers['content-security-policy']).toContain("default-src 'self'");
    expect(first401.headers['x-content-type-options']).toBe('nosniff');
    const refused = await call();
    expectRefused(refused);
    expect(refused.headers['content-security-policy']).toContain("default-src 'self'");
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
  });

  it('counts signed-in callers per user: one user out of budget does not refuse another at the same address', async () => {
    const address = '10.0.2.1';
    const asStaff = () => t.app.inject({ url: '/phpApi/mascotas', headers: { cookie: staffCookie }, remoteAddress: address });
    for (let i = 0; i < 5; i++) expect((await asStaff()).statusCode).toBe(200);
    expectRefused(await asStaff());
    const asAdmin = await t.app.inject({ url: '/phpApi/mascotas', headers: { cookie: adminCookie }, remoteAddress: address });
    expect(asAdmin.statusCode).toBe(200);
    // Nor anonymous callers of that address (the sign-in page still loads).
    expect((await t.app.inject({ url: '/api/auth/get-session', remoteAddress: address })).statusCode).toBe(200);
  });

  it('answers 403 with the security headers to a signed-in caller without the role', async () => {
    const other = await createTestApp({ USER_REQUESTS_PER_MINUTE: '1000' });
    await other.createUser(STAFF);
    const cookie = await other.signIn(STAFF.email, STAFF.password);
    const res = await other.app.inject({ url: '/api/users', headers: { cookie } });
    expectErrorShape(res, 403, 'FORBIDDEN');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    await other.close();
  });
});

describe('a budget set to 0', () => {
  it('is off', async () => {
    const t = await createTestApp({ ANON_REQUESTS_PER_MINUTE: '0' });
    for (let i = 0; i < 30; i++) expect((await t.app.inject({ url: '/phpApi/mascotas', remoteAddress: '10.9.9.9' })).statusCode).toBe(401);
    await t.close();
  });
});

async function signInFrom(t: TestApp, who: { email: string; password: string }, remoteAddress: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: t.config.publicUrl },
    payload: { email: who.email, password: who.password },
    remoteAddress,
  });
  expect(res.statusCode).toBe(200);
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/** Two instances on one database (and one Redis when REDIS_URL is set) count one budget. */
async function expectSharedCounters(extra: Record<string, string>) {
  // Instances behind one load balancer share the secret that signs the session cookie.
  const env = { AUTH_SECRET: 'secreto-compartido-de-las-instancias-0123456789', ...extra };
  const a = await createTestApp({ USER_REQUESTS_PER_MINUTE: '5', ...env }, { budgetSyncIntervalMs: 60_000 });
  const b = await createTestApp({ USER_REQUESTS_PER_MINUTE: '5', ...env }, { budgetSyncIntervalMs: 60_000, database: a.database });
  try {
    const email = `compartida-${crypto.randomUUID()}@refugio.test`;
    await a.createUser({ email, password: STAFF.password });
    const cookie = await signInFrom(a, { email, password: STAFF.password }, '10.1.0.1');
    const read = (t: TestApp) => t.app.inject({ url: '/phpApi/mascotas', headers: { cookie }, remoteAddress: '10.1.0.2' });
    for (let i = 0; i < 3; i++) expect((await read(a)).statusCode).toBe(200);
    await a.app.budgets.flush();
    // Instance b has seen none of those 3 but learns them at its first sync: 2 more fit, the 6th is refused.
    expect((await read(b)).statusCode).toBe(200);
    await b.app.budgets.flush();
    expect((await read(b)).statusCode).toBe(200);
    expectRefused(await read(b));
    // a has not heard of b's last request yet: it lets one more through (the documented imprecision, at most one
    // sync interval's worth), then learns the shared total at its next sync.
    await b.app.budgets.flush();
    expect((await read(a)).statusCode).toBe(200);
    await a.app.budgets.flush();
    expectRefused(await read(a));
  } finally {
    await b.close();
    await a.close();
  }
}

describe('counters shared by every instance', () => {
  it('in the database', async () => {
    await expectSharedCounters({});
  });

  it('in Redis when REDIS_URL is set', async ({ skip }) => {
    if (!(await redisReachable())) skip('no Redis at ' + REDIS_URL);
    await expectSharedCounters({ REDIS_URL });
  });
});

describe('the public submission budget', () => {
  let t: TestApp;
  let petId: number;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_SUBMISSIONS_PER_HOUR: '2' });
    const [row] = await t.database.db
      .insert(pet)
      .values({ nombre: 'Luna', edad: '2 años', tipo: 'Perro', genero: 'hembra', tamano: 'mediano', estado: 'publicada' })
      .returning();
    petId = row!.id;
  });
  afterAll(() => t.close());

  const application = (email: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/solicitudes-adopcion',
      remoteAddress,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        mascotaId: petId,
        nombre: 'María José Pérez',
        email,
        telefono: '+34 600 000 000',
        edad: 34,
        ciudad: 'Madrid',
        direccion: 'Calle Mayor 1',
        vivienda: 'casa',
        viviendaPropia: true,
        patio: true,
        personasEnCasa: 2,
        ninosEnCasa: 0,
        horasSolo: 3,
        otrasMascotas: '',
        experiencia: '',
        motivo: 'Un hogar tranquilo',
        aceptaVisita: true,
        aceptaPrivacidad: true,
      }),
    });

  it('refuses the third adoption application from one address within the hour, not another address', async () => {
    expect((await application('uno@example.com', '203.0.113.7')).statusCode).toBe(201);
    expect((await application('dos@example.com', '203.0.113.7')).statusCode).toBe(201);
    expectRefused(await application('tres@example.com', '203.0.113.7'), 3600);
    expect((await application('cuatro@example.com', '203.0.113.8')).statusCode).toBe(201);
  });

  it('counts pet registrations in the same per-address budget', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/registro-mascota',
      remoteAddress: '203.0.113.7',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="nombre"\r\n\r\nLuna\r\n--x--\r\n',
    });
    expectRefused(res, 3600);
  });
});
