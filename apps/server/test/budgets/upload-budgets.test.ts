import { type ApiErrorBody, messages } from '@refugio/contracts';
import { existsSync, readdirSync } from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicationRequest } from '../../src/db/schema';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { type Part, jpeg, multipart, videoBytes } from '../helpers/media';

function registrationParts(): Part[] {
  const fields: Record<string, string> = {
    nombre: 'Canela',
    edad: '1 año',
    tipo: 'Gato',
    genero: 'hembra',
    tamano: 'chico',
    discapacidad: '0',
    personalidad: 'Juguetona',
    historia: 'Encontrada en un parque',
    tags: '[]',
    contactoNombre: 'Rescatista Uno',
    contactoEmail: 'rescate@example.org',
    contactoTelefono: '+54 11 5555-0000',
  };
  return Object.entries(fields).map(([name, value]) => ({ name, value }));
}

/** A valid registration of about 600 KB: the text fields and one video. */
const registrationOf600Kb = () =>
  multipart([...registrationParts(), { name: 'videos', value: videoBytes.mp4(600 * 1024), fileName: 'paseo.mp4', contentType: 'video/mp4' }]);

/** The folders under the local media store's `solicitudes/` (one per stored submission). */
function requestFolders(t: TestApp): string[] {
  const root = path.join(t.dataDir, 'media', 'solicitudes');
  return existsSync(root) ? readdirSync(root) : [];
}

async function requestCount(t: TestApp): Promise<number> {
  return (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(publicationRequest))[0]!.n;
}

/** Issue 21.3: public uploads are budgeted in bytes per address and per instance, and every refusal stores nothing. */
describe('byte budgets of public uploads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_UPLOAD_MB_PER_DAY: '1', PUBLIC_UPLOAD_MB_PER_DAY_TOTAL: '2' });
  });
  afterAll(() => t.close());

  const register = (remoteAddress: string) => {
    const form = registrationOf600Kb();
    return t.app.inject({ method: 'POST', url: '/api/public/registro-mascota', payload: form.payload, headers: form.headers, remoteAddress });
  };

  it('refuses an address past PUBLIC_UPLOAD_MB_PER_DAY (an IPv6 client by its /64) and the instance past the total, storing nothing', async () => {
    expect((await register('10.20.0.1')).statusCode).toBe(201);
    const before = { folders: requestFolders(t), requests: await requestCount(t) };

    const refused = await register('10.20.0.1');
    const body = expectErrorShape(refused, 429, 'RATE_LIMITED') as ApiErrorBody;
    expect(body.message).toBe(messages.security.publicUploadDailyBudget);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect({ folders: requestFolders(t), requests: await requestCount(t) }).toEqual(before);

    // Another address has its own budget; another address of the same IPv6 /64 does not.
    expect((await register('2001:db8:5:6::1')).statusCode).toBe(201);
    expect(expectErrorShape(await register('2001:db8:5:6:ffff::2'), 429, 'RATE_LIMITED').message).toBe(messages.security.publicUploadDailyBudget);

    // 1.2 MB stored: one more fits the instance's 2 MB, the next does not, whatever its address.
    expect((await register('10.20.0.3')).statusCode).toBe(201);
    const atTotal = { folders: requestFolders(t), requests: await requestCount(t) };
    expect(expectErrorShape(await register('10.20.0.4'), 429, 'RATE_LIMITED').message).toBe(messages.security.publicUploadTotalBudget);
    expect({ folders: requestFolders(t), requests: await requestCount(t) }).toEqual(atTotal);
  });
});

describe('a refused public upload', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_UPLOAD_MB_PER_DAY: '1' });
  });
  afterAll(() => t.close());

  it('gives its declared bytes back: only what is stored counts', async () => {
    const invalid = multipart([
      ...registrationParts().map((p) => (p.name === 'contactoEmail' ? { ...p, value: 'no-es-un-correo' } : p)),
      { name: 'videos', value: videoBytes.mp4(600 * 1024), fileName: 'paseo.mp4', contentType: 'video/mp4' },
    ]);
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/public/registro-mascota', payload: invalid.payload, headers: invalid.headers });
      expectErrorShape(res, 400, 'VALIDATION_ERROR');
    }
    const valid = registrationOf600Kb();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/public/registro-mascota', payload: valid.payload, headers: valid.headers })).statusCode,
    ).toBe(201);
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  if (process.env.CI) return true;
  const { Redis } = await import('ioredis');
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

/** Two instances on one database (and one Redis when given) share the per-address byte budget. */
async function expectSharedUploadBudget(extra: Record<string, string>) {
  // The instance total is off: a Redis shared with other runs of this test keeps today's totals.
  const env = { PUBLIC_UPLOAD_MB_PER_DAY: '1', PUBLIC_UPLOAD_MB_PER_DAY_TOTAL: '0', ...extra };
  const a = await createTestApp(env);
  const b = await createTestApp(env, { database: a.database });
  try {
    const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const send = (t: TestApp) => {
      const form = registrationOf600Kb();
      return t.app.inject({
        method: 'POST',
        url: '/api/public/registro-mascota',
        payload: form.payload,
        headers: form.headers,
        remoteAddress: address,
      });
    };
    expect((await send(a)).statusCode).toBe(201);
    expect(expectErrorShape(await send(b), 429, 'RATE_LIMITED').message).toBe(messages.security.publicUploadDailyBudget);
  } finally {
    await b.close();
    await a.close();
  }
}

describe('byte budgets shared by every instance', () => {
  it('in the database', async () => {
    await expectSharedUploadBudget({});
  });

  it('in Redis when REDIS_URL is set', async ({ skip }) => {
    if (!(await redisReachable())) skip('no Redis at ' + REDIS_URL);
    await expectSharedUploadBudget({ REDIS_URL });
  });
});

describe('the free-space guard of public uploads', () => {
  let t: TestApp;
  let freeShare = 0.04;
  beforeAll(async () => {
    t = await createTestApp({}, { freeSpaceProbe: () => Promise.resolve({ available: freeShare * 1e12, total: 1e12 }) });
  });
  afterAll(() => t.close());

  it('refuses with 507 in Spanish under 5 % free on the media disk, and accepts again above it', async () => {
    const form = registrationOf600Kb();
    const send = () => t.app.inject({ method: 'POST', url: '/api/public/registro-mascota', payload: form.payload, headers: form.headers });
    const refused = await send();
    expect(expectErrorShape(refused, 507, 'INSUFFICIENT_STORAGE').message).toBe(messages.errors.INSUFFICIENT_STORAGE);
    expect(requestFolders(t)).toEqual([]);
    expect(await requestCount(t)).toBe(0);
    freeShare = 0.06;
    expect((await send()).statusCode).toBe(201);
  });
});

describe('refused or interrupted registrations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('leave no empty folder behind', async () => {
    // The first image is stored, the second is not an image: the submission is refused.
    const form = multipart([
      ...registrationParts(),
      { name: 'imagenes', value: await jpeg(64, 48), fileName: 'a.jpg', contentType: 'image/jpeg' },
      { name: 'imagenes', value: Buffer.from('no soy una imagen'), fileName: 'b.jpg', contentType: 'image/jpeg' },
    ]);
    const refused = await t.app.inject({ method: 'POST', url: '/api/public/registro-mascota', payload: form.payload, headers: form.headers });
    expect(refused.statusCode).toBe(415);
    expect(requestFolders(t)).toEqual([]);

    // The connection is cut after the first image arrived.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const cut = multipart([
      ...registrationParts(),
      { name: 'imagenes', value: await jpeg(64, 48), fileName: 'a.jpg', contentType: 'image/jpeg' },
      { name: 'videos', value: videoBytes.mp4(400 * 1024), fileName: 'v.mp4', contentType: 'video/mp4' },
    ]);
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/public/registro-mascota HTTP/1.1\r\nHost: x\r\nContent-Type: ${cut.headers['content-type']}\r\nContent-Length: ${cut.payload.length}\r\n\r\n`,
    );
    socket.write(cut.payload.subarray(0, cut.payload.length - 200 * 1024));
    // The first image is stored before the body is cut off.
    await expect.poll(() => requestFolders(t).length, { timeout: 5000 }).toBe(1);
    socket.destroy();
    await expect.poll(() => requestFolders(t), { timeout: 5000 }).toEqual([]);
    expect(await requestCount(t)).toBe(0);
  });
});
