import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpClient, signInOver } from '../helpers/http-client';
import { jpeg, multipart, petFields } from '../helpers/media';
import { type RunningServer, buildServerIfStale, freePort, spawnServer, waitReady } from '../helpers/server-process-support';
import { openThrowawayDatabase } from '../helpers/throwaway-database';

const serverRoot = path.resolve(import.meta.dirname, '../..');
const ADMIN = { email: 'jefa@refugio.test', password: 'clave-de-la-jefa-1' };
const CREATES = 40;
/** The server is killed once this many creates have been answered: the rest are somewhere in flight. */
const KILL_AFTER = 10;

type Answer = { statusCode: number; body: string };
type PetAnswer = { id: number; nombre: string; imagenprincipal: string; imagenprincipalUrl: string | null; thumbnailUrl: string | null };

/**
 * kill -9 of the built server while 40 creates with a main image are in flight, then a restart on the same data:
 * no pet may be left without its image, and retrying every create with its Idempotency-Key must give exactly one
 * pet per key. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
const drivers: [string, string | undefined][] = [['PGlite', undefined]];
if (process.env.TEST_DATABASE_URL) drivers.push(['PostgreSQL', process.env.TEST_DATABASE_URL]);

describe.each(drivers)('a server killed during creates with images (%s)', (_label, postgresUrl) => {
  const cleanUps: (() => Promise<void> | void)[] = [];
  const running: RunningServer[] = [];

  beforeAll(async () => {
    await buildServerIfStale();
  });

  afterAll(async () => {
    for (const server of running) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await Promise.all(running.map((s) => s.exited));
    for (const cleanUp of cleanUps.reverse()) await cleanUp();
  });

  it('leaves every pet with its image and thumbnail; a retry with each key gives exactly one pet per key', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'refugio-crash-'));
    cleanUps.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: base,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      USER_REQUESTS_PER_MINUTE: '100000',
    };
    if (postgresUrl) {
      const db = await openThrowawayDatabase(postgresUrl, { prefix: 'refugio_crash', poolSize: 1, migrate: false });
      cleanUps.push(db.drop);
      const url = new URL(postgresUrl);
      url.pathname = `/${db.name}`;
      env.DATABASE_URL = url.toString();
    }
    const start = async () => {
      const server = spawnServer([path.join(serverRoot, 'dist/server.js')], { ...process.env, ...env });
      running.push(server);
      await waitReady(base, server, 90_000);
      return server;
    };

    const first = await start();
    const client = await signInOver(base, ADMIN.email, ADMIN.password);
    const photo = await jpeg(320, 240);
    const run = Date.now().toString(36);
    const creates = Array.from({ length: CREATES }, (_, i) => {
      const form = multipart([
        ...petFields({ nombre: `Choque ${run} ${i}` }),
        { name: 'image', value: photo, fileName: `foto-${i}.jpg`, contentType: 'image/jpeg' },
      ]);
      return { nombre: `Choque ${run} ${i}`, key: `choque-${run}-${i}`, payload: form.payload, headers: form.headers };
    });
    const send = (c: HttpClient, create: (typeof creates)[number]) =>
      c.send({
        method: 'POST',
        url: '/phpApi/mascota/nueva',
        payload: create.payload,
        headers: { ...create.headers, 'idempotency-key': create.key },
      });

    const firstAnswers: (Answer | undefined)[] = [];
    let answered = 0;
    await Promise.all(
      creates.map((create, i) =>
        send(client, create).then(
          (answer) => {
            firstAnswers[i] = answer;
            answered += 1;
            if (answered === KILL_AFTER) first.child.kill('SIGKILL');
          },
          // The connection died with the server: no answer, as for a person whose network failed.
          () => undefined,
        ),
      ),
    );
    await first.exited;
    expect(answered).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(answered).toBeLessThan(CREATES);
    for (const answer of firstAnswers) if (answer) expect(answer.statusCode, answer.body).toBe(200);

    await start();
    const again = await signInOver(base, ADMIN.email, ADMIN.password);
    const getJson = async <T>(url: string): Promise<T> => {
      const res = await again.send({ method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return JSON.parse(res.body) as T;
    };
    const crashPets = async () =>
      (await getJson<{ items: { id: number; nombre: string }[] }>(`/phpApi/mascotas?q=${encodeURIComponent(`Choque ${run}`)}&pageSize=100`)).items;

    // Every pet the crash left is whole: it has its main image, and the file and thumbnail are there.
    const survivors = await crashPets();
    for (const { id } of survivors) {
      const pet = await getJson<PetAnswer>(`/phpApi/mascota/${id}`);
      expect(pet.imagenprincipal, `pet ${id} (${pet.nombre}) has no main image`).not.toBe('');
      for (const url of [pet.imagenprincipalUrl!, pet.thumbnailUrl!]) {
        expect((await again.send({ method: 'GET', url })).statusCode, `${pet.nombre}: ${url}`).toBe(200);
      }
    }

    // Every create retried with its key: the answered ones answer the same, and each key has exactly one pet.
    for (const [i, create] of creates.entries()) {
      const retry = await send(again, create);
      expect(retry.statusCode, retry.body).toBe(200);
      const answer = firstAnswers[i];
      if (answer) expect(JSON.parse(retry.body)).toEqual(JSON.parse(answer.body));
    }
    const after = await crashPets();
    expect(after.map((p) => p.nombre).sort()).toEqual(creates.map((c) => c.nombre).sort());
    expect(survivors.every((s) => after.some((p) => p.id === s.id))).toBe(true);
  }, 150_000);
});
