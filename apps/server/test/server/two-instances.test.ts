import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeMigrations } from '../../src/backup/database-dump';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';
import { job, pet, petImage } from '../../src/db/schema';
import { periodKey } from '../../src/jobs/define-job';
import { createJobQueue } from '../../src/jobs/job-queue';
import { createOrphanMediaSweep } from '../../src/modules/pets/orphan-media';
import { createPetsRepository } from '../../src/modules/pets/pets.repository';
import { createUsersRepository } from '../../src/modules/users/users.repository';
import { S3Storage } from '../../src/storage/s3-storage';
import { type HttpClient, clientWith, signInOver } from '../helpers/http-client';
import { hashTestPassword } from '../helpers/helpers';
import { jpeg, multipart, petFields, videoBytes } from '../helpers/media';
import { postgresUrlForTests } from '../helpers/postgres-for-tests';
import { S3_TEST_CREDENTIALS, type S3TestServer, startS3TestServer } from '../helpers/s3-test-server';
import { type RunningServer, buildServerIfStale, freePort, spawnServer, waitReady } from '../helpers/server-process-support';
import { openThrowawayDatabase } from '../helpers/throwaway-database';
import { MINUTE_MS, waitClearOfWindowEdge } from '../helpers/one-window';

const serverRoot = path.resolve(import.meta.dirname, '../..');
const ADMIN = { email: 'jefa@refugio.test', password: 'clave-de-la-jefa-1' };
const silentLog = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Parameters<typeof createOrphanMediaSweep>[0]['log'];

const postgres = await postgresUrlForTests();

/**
 * Two server processes (the production build) on one PostgreSQL database and one bucket, as behind a load balancer.
 * CI has PostgreSQL; without TEST_DATABASE_URL and with nothing on 127.0.0.1:5432 this file is skipped.
 */
describe.skipIf(!postgres)('two instances on one PostgreSQL database and one bucket', () => {
  let s3: S3TestServer;
  let drop: () => Promise<void>;
  let database: DatabaseHandle;
  let storage: S3Storage;
  const dataDirs: string[] = [];
  const servers: { process: RunningServer; base: string }[] = [];
  const a = () => servers[0]!;
  const b = () => servers[1]!;
  let databaseUrl = '';
  let sharedEnv: Record<string, string> = {};

  async function start(env: Record<string, string>) {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'refugio-two-'));
    dataDirs.push(dataDir);
    const process_ = spawnServer([path.join(serverRoot, 'dist/server.js')], {
      ...process.env,
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    });
    return { process: process_, base };
  }

  beforeAll(async () => {
    await buildServerIfStale();
    s3 = await startS3TestServer();
    // An empty database: the two instances race to migrate it and to create the first administrator.
    const db = await openThrowawayDatabase(postgres!, { prefix: 'refugio_two', poolSize: 2, migrate: false });
    drop = db.drop;
    database = db.database;
    const url = new URL(postgres!);
    url.pathname = `/${db.name}`;
    databaseUrl = url.toString();
    const env = (sharedEnv = {
      ...s3.env,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: 'un-secreto-compartido-de-al-menos-32-caracteres',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      TRUST_PROXY: 'true',
      SIGN_IN_ATTEMPTS_PER_MINUTE: '4',
      ANON_REQUESTS_PER_MINUTE: '20',
    });
    servers.push(await start(env), await start(env));
    await Promise.all(servers.map((s) => waitReady(s.base, s.process, 120_000)));
    storage = new S3Storage({ bucket: s3.bucket, endpoint: s3.env.S3_ENDPOINT, region: 'us-east-1', ...S3_TEST_CREDENTIALS, forcePathStyle: true });
  }, 240_000);

  afterAll(async () => {
    for (const s of servers) if (s.process.child.exitCode === null) s.process.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.process.exited));
    storage?.close();
    await drop?.();
    await s3?.close();
    dataDirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
  });

  it('migrates once and creates the first administrator once, though both started together', async () => {
    const applied: unknown = await database.db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
    expect((applied as { rows: { n: number }[] }).rows[0]!.n).toBe(codeMigrations().length);
    const users: unknown = await database.db.execute(sql`SELECT email FROM "user"`);
    expect((users as { rows: { email: string }[] }).rows).toEqual([{ email: ADMIN.email }]);
    const announced = servers.filter((s) => s.process.output().includes('Se creó el primer administrador.'));
    expect(announced).toHaveLength(1);
  });

  it('accepts a session made on one instance on the other, and a sign-out on one ends it on both', async () => {
    const onA = await signInOver(a().base, ADMIN.email, ADMIN.password);
    const onB = clientWith(b().base, onA.cookie);
    expect((await onB.raw('/api/users')).status).toBe(200);
    const out = await onB.raw('/api/auth/sign-out', { method: 'POST' });
    expect(out.status).toBe(200);
    expect((await onA.raw('/api/users')).status).toBe(401);
    expect((await onB.raw('/api/users')).status).toBe(401);
  });

  it('refuses a stale save made through the other instance with 409', async () => {
    const onA = await signInOver(a().base, ADMIN.email, ADMIN.password);
    const onB = clientWith(b().base, onA.cookie);
    const form = (fields: Record<string, string>) => multipart(petFields(fields));
    const created = form({ nombre: 'Luna' });
    const { id } = JSON.parse(
      (await onA.send({ method: 'POST', url: '/phpApi/mascota/nueva', payload: created.payload, headers: created.headers })).body,
    ) as {
      id: number;
    };
    const first = form({ nombre: 'Luna en A', version: '1' });
    expect(
      (await onA.send({ method: 'POST', url: `/phpApi/mascota/${id}/actualizar`, payload: first.payload, headers: first.headers })).statusCode,
    ).toBe(200);
    const stale = form({ nombre: 'Luna en B', version: '1' });
    const res = await onB.send({ method: 'POST', url: `/phpApi/mascota/${id}/actualizar`, payload: stale.payload, headers: stale.headers });
    expect(res.statusCode).toBe(409);
    expect((JSON.parse(res.body) as { message: string }).message).toContain('Otra persona guardó cambios');
    expect(((await (await onB.raw(`/phpApi/mascota/${id}`)).json()) as { nombre: string }).nombre).toBe('Luna en A');
  });

  it("carries a change of an organisation role made on one instance to its user's open session on the other within SESSION_CACHE_SECONDS", async () => {
    const admin = await signInOver(a().base, ADMIN.email, ADMIN.password);
    const json = (client: HttpClient, method: string, url: string, body: object) =>
      client.raw(url, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const created = await json(admin, 'POST', '/api/roles', {
      nombre: 'Recepción',
      basadoEn: 'Equipo',
      capacidades: ['mascotas.ver'],
      enmascarar: false,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const role = (await created.json()) as { id: number; version: number };
    const email = 'recepcion-dos@refugio.test';
    const password = 'clave-de-recepcion-1';
    await createUsersRepository(database.db).insertWithPassword({
      id: crypto.randomUUID(),
      email,
      name: 'Rita',
      lastname: 'Recepción',
      role: 'Equipo',
      organizationRoleId: role.id,
      passwordHash: await hashTestPassword(password),
    });
    const onB = await signInOver(b().base, email, password);
    expect((await onB.raw('/phpApi/mascotas')).status).toBe(200);
    expect((await onB.raw('/api/personas')).status).toBe(403);
    const changed = await json(admin, 'PUT', `/api/roles/${role.id}`, {
      nombre: 'Recepción',
      capacidades: ['personas.ver'],
      enmascarar: false,
      version: role.version,
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    // The default SESSION_CACHE_SECONDS (5): instance B may answer from its cache until then, never after.
    const changedAt = Date.now();
    await expect.poll(async () => (await onB.raw('/phpApi/mascotas')).status, { timeout: 8_000, interval: 250 }).toBe(403);
    expect(Date.now() - changedAt).toBeLessThan(5_000 + 1_000);
    expect((await onB.raw('/api/personas')).status).toBe(200);
  });

  it('counts failed sign-ins from one address across both instances', async () => {
    // Behind the proxy (TRUST_PROXY), the client's address comes from X-Forwarded-For: a fresh one for this test.
    const attempt = (server: { base: string }) =>
      fetch(`${server.base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.base, 'x-forwarded-for': '203.0.113.7' },
        // Another account than the one the other tests sign in with: failures also count per account (DESIGN section 8).
        body: JSON.stringify({ email: 'nadie@refugio.test', password: 'no-es-la-clave' }),
      }).then((r) => r.status);
    const statuses = [];
    // The budget counts per minute (fixed windows): six attempts across a minute's edge would start counting again.
    await waitClearOfWindowEdge(MINUTE_MS, 10_000);
    for (const server of [a(), b(), a(), b(), a(), b()]) statuses.push(await attempt(server));
    // SIGN_IN_ATTEMPTS_PER_MINUTE=4 in total, not 4 on each instance.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('refuses to start, naming the bucket and the variable, when the bucket does not answer', async () => {
    const third = await start({ ...sharedEnv, S3_BUCKET: 'no-existe' });
    expect(await third.process.exited).toBe(1);
    expect(third.process.output()).toMatch(
      /No se pudo iniciar el servidor: El bucket "no-existe" \(S3_BUCKET\) no existe en http:\/\/127\.0\.0\.1:\d+ \(S3_ENDPOINT\)/,
    );
  });

  it('counts the general request budget across both instances (per address here; per user in budgets.test.ts)', async () => {
    // Each instance sends its counts to the shared table every 0.5 s and learns the others' totals then.
    const sync = () => new Promise((r) => setTimeout(r, 1_500));
    const anonymous = (server: { base: string }) =>
      fetch(`${server.base}/api/public/mascotas`, { headers: { 'x-forwarded-for': '198.51.100.23' } }).then((r) => r.status);
    const sendTo = async (server: { base: string }, n: number, call: (s: { base: string }) => Promise<number>) => {
      const statuses = [];
      for (let i = 0; i < n; i++) statuses.push(await call(server));
      return statuses;
    };
    // ANON_REQUESTS_PER_MINUTE=20 in total: 10 on A, then 10 on B fit; the next one is refused by either instance,
    // though B alone has seen only 10 of its own.
    expect(await sendTo(a(), 10, anonymous)).toEqual(Array(10).fill(200));
    await sync();
    expect(await sendTo(b(), 10, anonymous)).toEqual(Array(10).fill(200));
    await sync();
    // Within a sync interval or two (a loaded machine can stretch the 0.5 s timer).
    await expect.poll(() => anonymous(b()), { timeout: 10_000, interval: 500 }).toBe(429);
    // A learns a key's shared total when it sends its own counts of it: one more passes there (the documented
    // imprecision of one sync interval), then A refuses too.
    expect(await anonymous(a())).toBe(200);
    await sync();
    await expect.poll(() => anonymous(a()), { timeout: 10_000, interval: 500 }).toBe(429);

    // Another address has its own budget.
    const other = await fetch(`${a().base}/api/public/mascotas`, { headers: { 'x-forwarded-for': '198.51.100.24' } });
    expect(other.status).toBe(200);
  });

  it('sweeps orphan media once, however many instances run the sweep job at the same moment', async () => {
    const orphan = 'productos/999999/1700000000000_deadbeef.jpg';
    await storage.put(orphan, Readable.from(['huérfana']));
    // Two instances' job workers at the same moment, on their own connections to the one database, a day from now
    // (a period the running servers have not reached, and past the files' hour of grace).
    const other = await openDatabase({ driver: 'postgres', url: databaseUrl, poolSize: 2 });
    const deleted: string[] = [];
    const counting = Object.create(storage) as S3Storage;
    counting.delete = async (key: string) => {
      deleted.push(key);
      await storage.delete(key);
    };
    const at = Date.now() + 24 * 60 * 60 * 1000;
    const clock = { now: () => new Date(at) };
    try {
      const workers = [database, other].map((d) => {
        const queue = createJobQueue({ db: d.db, log: silentLog, clock });
        queue.define(createOrphanMediaSweep({ repo: createPetsRepository(d.db), storage: counting, log: silentLog }).job);
        return queue;
      });
      await Promise.all(workers.map((w) => w.tick()));
      expect(deleted).toEqual([orphan]);
      expect(await storage.head(orphan)).toBeUndefined();
      const runs = await database.db
        .select()
        .from(job)
        .where(eq(job.uniqueKey, periodKey({ name: 'pets.orphan-media-sweep', every: 6 * 60 * 60 * 1000 }, new Date(at))));
      expect(runs.map((r) => r.state)).toEqual(['done']);
    } finally {
      await other.close();
    }
  });

  describe('kill -9 in the middle of a write', () => {
    /** Every row's image (and its thumbnail) is in the bucket. */
    async function expectNoRowPointsAtNothing() {
      const mains = await database.db.select({ id: pet.id, file: pet.imagenPrincipal }).from(pet).where(isNotNull(pet.imagenPrincipal));
      const gallery = await database.db.select({ id: petImage.petId, file: petImage.nombre }).from(petImage);
      for (const { id, file } of [...mains, ...gallery]) {
        expect(await storage.head(`productos/${id}/${file}`), `productos/${id}/${file}`).toBeDefined();
        expect(await storage.head(`productos/${id}/thumbs/${file}.webp`)).toBeDefined();
      }
      return mains.length + gallery.length;
    }

    /**
     * Sends `body` to B and kills B with SIGKILL: `midway` with only half the body sent, or as soon as `until`
     * holds (polled every few milliseconds while B works on the request).
     */
    async function killDuring(
      path_: string,
      body: { payload: Buffer; headers: Record<string, string> },
      cookie: string,
      when: 'midway' | (() => Promise<boolean>),
    ) {
      const url = new URL(path_, b().base);
      const req = request({
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: url.pathname,
        headers: { ...body.headers, cookie, origin: b().base, 'content-length': body.payload.length },
      });
      req.on('error', () => undefined);
      req.on('response', (res) => res.resume());
      const half = Math.floor(body.payload.length / 2);
      await new Promise<void>((resolve) => req.write(body.payload.subarray(0, half), () => resolve()));
      if (when === 'midway') {
        // Let the server receive (and stream on) the first half before it dies.
        await new Promise((r) => setTimeout(r, 500));
      } else {
        req.end(body.payload.subarray(half));
        const deadline = Date.now() + 30_000;
        while (!(await when()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
      }
      b().process.child.kill('SIGKILL');
      await b().process.exited;
      req.destroy();
    }

    it('leaves no row pointing at a missing object, and the sweep removes the objects no row points at', async () => {
      const onA = await signInOver(a().base, ADMIN.email, ADMIN.password);
      const created = multipart(petFields({ nombre: 'Pre-crash' }));
      const { id } = JSON.parse(
        (await onA.send({ method: 'POST', url: '/phpApi/mascota/nueva', payload: created.payload, headers: created.headers })).body,
      ) as {
        id: number;
      };

      // A 20 MB video, killed after its first multipart parts reached the bucket.
      const video = multipart([{ name: 'file', value: videoBytes.mp4(20 * 1024 * 1024), fileName: 'cortado.mp4', contentType: 'video/mp4' }]);
      await killDuring(`/api/mascotas/${id}/videos`, video, onA.cookie, 'midway');
      const videos = (await (await onA.raw(`/api/mascotas/${id}/videos`)).json()) as unknown[];
      expect(videos).toEqual([]);
      expect(await storage.list('videos/')).toEqual([]);

      // Saves that replace the main image, killed at each step: the image stored, its thumbnail stored, any time after.
      const image = await jpeg(300, 200, { noise: true, quality: 40 });
      const stored = async (what: 'image' | 'thumbnail') => {
        const keys = (await storage.list(`productos/${id}/`)).map((o) => o.key);
        return keys.some((k) => (what === 'image' ? !k.includes('/thumbs/') : k.includes('/thumbs/')) && !seen.has(k));
      };
      const seen = new Set<string>();
      let step = 0;
      for (const until of [() => stored('image'), () => stored('thumbnail'), () => Promise.resolve(true)]) {
        servers[1] = await start(sharedEnv);
        await waitReady(b().base, b().process, 120_000);
        const { version } = (await (await onA.raw(`/phpApi/mascota/${id}`)).json()) as { version: number };
        const save = multipart([
          ...petFields({ nombre: `Guardado ${++step}`, version: String(version) }),
          { name: 'image', value: image, fileName: 'foto.jpg', contentType: 'image/jpeg' },
        ]);
        await killDuring(`/phpApi/mascota/${id}/actualizar`, save, onA.cookie, until);
        await expectNoRowPointsAtNothing();
        for (const object of await storage.list(`productos/${id}/`)) seen.add(object.key);
      }
      // At least one kill landed between storing a file and saving the row that would point at it.
      const pointed = new Set(
        (await database.db.select({ file: pet.imagenPrincipal }).from(pet).where(isNotNull(pet.imagenPrincipal))).map((r) => r.file),
      );
      expect([...seen].some((k) => !k.includes('/thumbs/') && !pointed.has(k.split('/').pop()!))).toBe(true);

      // The sweep (files older than its grace period) leaves exactly the objects that rows point at.
      await storage.put(`productos/${id}/1700000000000_cafe0000.jpg`, Readable.from(['huérfana']));
      await createOrphanMediaSweep({ repo: createPetsRepository(database.db), storage, log: silentLog }).collect(Date.now() + 2 * 60 * 60 * 1000);
      const referenced = await expectNoRowPointsAtNothing();
      expect((await storage.list('productos/')).length).toBe(referenced * 2);
    }, 300_000);
  });
});
