/*
 * HTTP throughput of the real server against a bare Fastify hello-world on the same machine, and start-up time
 * and memory of the server process.
 *
 *   npm run bench:http                 builds the server, then: start-up, throughput on PGlite (a fresh DATA_DIR)
 *   npm run bench:http -- --db=both    ... then the same on PostgreSQL (BENCH_DATABASE_URL or the local server)
 *                                      (with BENCH_DATABASE_URL set and no --db: PostgreSQL only)
 *   npm run bench:startup              start-up and idle memory only
 * Options: --db=pglite|postgres|both  --duration=10 (seconds measured per scenario)  --warmup=3
 * --connections=10  --pets=200  --starts=3 (start-up measurements per case)  --sizes=1000,100000 (pets at start-up)
 * --only=startup|http|floor (start-up: PGlite and PostgreSQL unless --db says otherwise)
 * (floor: the list floor alone, without the throughput scenarios: with --cpu-prof, a profile of little else)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { listPetsQuerySchema } from '@refugio/contracts';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { createPetListReader, listWriterFor } from '../src/modules/pets/pet-list.repository';
import { openThrowawayDatabase } from '../test/helpers/throwaway-database';
import { freePort } from '../test/helpers/server-process-support';
import {
  BENCH_USER,
  DEFAULT_POSTGRES_URL,
  type Driver,
  cpuPressure,
  driversToRun,
  intOption,
  loadAverage,
  median,
  option,
  rawClient,
} from './support';

/** `--entry=path/to/server.js`: another build of the server (an older commit's, to compare start-up before and after). */
const entry = path.resolve(option('entry') ?? path.resolve(import.meta.dirname, '../dist/server.js'));
const ADMIN = BENCH_USER;

const DURATION = intOption('duration', 10);
const WARMUP = intOption('warmup', 3);
const CONNECTIONS = intOption('connections', 10);
const PETS = intOption('pets', 200);
const STARTS = intOption('starts', 3);
const ONLY = option('only');
/** `--cpu-prof`: the server runs under `node --cpu-prof`; its profile is written to a temporary folder on exit. */
const CPU_PROF = option('cpu-prof') === 'true';
const LIST_URL = '/phpApi/mascotas?page=1&pageSize=20';

/* ------------------------------------------------------------------ processes */

interface Proc {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function spawnNode(args: string[], env: NodeJS.ProcessEnv, cwd?: string): Proc {
  let output = '';
  const child = spawn(process.execPath, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  // Read and dropped, as a terminal or a journal would take it (the server logs each request at the default level).
  child.stdout?.on('data', (d: Buffer) => (output.length < 20_000 ? (output += d.toString()) : undefined));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function stop(proc: Proc) {
  if (proc.child.exitCode !== null) return;
  proc.child.kill('SIGTERM');
  await proc.exited;
}

/** Milliseconds from `since` until GET url answers 200 (polled every 5 ms). */
async function firstAnswer(url: string, proc: Proc, since: number, timeoutMs = 180_000): Promise<number> {
  while (performance.now() - since < timeoutMs) {
    if (proc.child.exitCode !== null) throw new Error(`the process exited while starting:\n${proc.output()}`);
    try {
      if ((await fetch(url)).ok) return performance.now() - since;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms:\n${proc.output()}`);
}

/** CPU time (user + system) the process has used, in ms: start-up work, whatever else the machine runs. */
function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of /proc/<pid>/stat (12 and 13 after the command name), in clock ticks.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

function rssMb(pid: number | undefined): number {
  const m = pid === undefined ? null : /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

function serverEnv(dataDir: string, port: number, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...extra,
  };
}

/* ------------------------------------------------------------------ start-up */

/** Data sizes of the start-up measurement (`--sizes=1000,100000`). */
const SIZES = (option('sizes') ?? '1000,100000').split(',').map(Number);

const h = (k: number) => `((hashint4(g.i * 16 + ${k})::bigint & 2147483647)::int)`;

/**
 * `pets` pets as an older version left them: entries spread over ten years, each with its `ingreso` movement, 70%
 * gone again (adopted, transferred, died), a vaccine each, and no line in the register book (its fill still to do).
 */
async function seedShelter(database: DatabaseHandle, pets: number): Promise<void> {
  const q = (text: string) => rawClient(database).query(text);
  await q(
    `INSERT INTO person (nombre, apellidos, direccion, ciudad, codigo_postal)
     SELECT 'Persona ' || g.i, 'Apellido', 'Calle ' || g.i, 'Madrid', '28013' FROM generate_series(1, ${Math.max(1, Math.floor(pets / 5))}) AS g(i)`,
  );
  await q(
    `INSERT INTO pet (nombre, edad, tipo, genero, tamano, fecha_ingreso, raza, color, microchip, estado, created_at)
     SELECT 'Mascota ' || g.i, '2 años',
       CASE WHEN ${h(1)} % 100 < 55 THEN 'Perro' WHEN ${h(1)} % 100 < 90 THEN 'Gato' ELSE 'Conejo' END,
       CASE WHEN ${h(2)} % 2 = 0 THEN 'macho' ELSE 'hembra' END, 'mediano',
       (date '2016-01-01' + (${h(3)} % 3650))::timestamp, 'Mestizo', 'Negro', lpad((724000000000000 + g.i)::text, 15, '0'),
       CASE WHEN ${h(8)} % 10 < 7 THEN 'publicada' ELSE 'borrador' END, now()
     FROM generate_series(1, ${pets}) AS g(i)`,
  );
  await q(
    `INSERT INTO movement (pet_id, tipo, fecha, procedencia)
     SELECT p.id, 'ingreso', p.fecha_ingreso::date, 'abandono' FROM pet p`,
  );
  await q(
    `INSERT INTO movement (pet_id, tipo, fecha, motivo, veterinario)
     SELECT p.id, CASE WHEN p.id % 10 < 5 THEN 'traslado' ELSE 'fallecimiento' END, LEAST(p.fecha_ingreso::date + 5 + p.id % 296, date '2025-12-31'),
       CASE WHEN p.id % 10 >= 5 THEN 'Causa natural' ELSE 'Otro refugio' END, CASE WHEN p.id % 10 >= 5 THEN 'Dra. Vet' ELSE '' END
     FROM pet p WHERE p.id % 10 < 7`,
  );
  await q(
    `INSERT INTO care_record (pet_id, tipo, nombre, fecha_realizada, veterinario)
     SELECT p.id, 'vacuna', 'Polivalente', p.fecha_ingreso::date + 2, 'Clínica Centro' FROM pet p`,
  );
  await resetBook(database);
  await q('ANALYZE');
}

/** The register book as before its fill (an upgrade from a version without it): every start is that first start. */
async function resetBook(database: DatabaseHandle): Promise<void> {
  const q = (text: string) => rawClient(database).query(text);
  await q('DELETE FROM register_book_line');
  await q(`UPDATE register_book_chain SET rellenado = false, cabeza = '', longitud = 0`);
  await q(`DELETE FROM job WHERE name = 'libro-registro.rellenar'`);
}

interface StartCase {
  label: string;
  goal: number;
  /** Before each start (a fresh data directory, the book reset, ...); answers the environment of the server. */
  prepare: (i: number) => Promise<{ dataDir: string; env: NodeJS.ProcessEnv }>;
}

/** `STARTS` spawns of the built server: wall and CPU time from spawn to the first 200 of `url` (a real query). */
async function timeStarts(c: StartCase, what: string): Promise<{ wall: number[]; cpu: number[]; idle: number[]; failed?: string }> {
  const wall: number[] = [];
  const cpu: number[] = [];
  const idle: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const { dataDir, env } = await c.prepare(i);
    const port = await freePort();
    const since = performance.now();
    const proc = spawnNode([entry], serverEnv(dataDir, port, { LOG_LEVEL: 'warn', ...env }));
    try {
      wall.push(await firstAnswer(`http://127.0.0.1:${port}${what}`, proc, since));
      cpu.push(cpuMs(proc.child.pid));
      await new Promise((r) => setTimeout(r, 3000));
      idle.push(rssMb(proc.child.pid));
    } catch (error) {
      // A server that cannot start (an older build) is a figure too: after how long, and why.
      const why = /Plugin did not start in time: '[^']+'|[A-Z][a-zA-Z]*Error: [^\n]{0,120}/.exec(String(error))?.[0] ?? String(error).slice(0, 120);
      return { wall, cpu, idle, failed: `did not start: ${why} (after ${(performance.now() - since).toFixed(0)} ms)` };
    } finally {
      await stop(proc);
    }
  }
  return { wall, cpu, idle };
}

async function measureStartup() {
  const drivers: Driver[] = option('db') === undefined && !process.env.BENCH_DATABASE_URL ? ['pglite', 'postgres'] : driversToRun();
  const pgUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES_URL;
  const fmt = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
  const what = '/api/ready';
  const rows: string[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  const dirs: string[] = [];
  const newDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'refugio-startup-bench-'));
    dirs.push(dir);
    return dir;
  };
  try {
    for (const driver of drivers) {
      const cases: StartCase[] = [];
      if (driver === 'pglite') {
        cases.push({ label: 'new data directory', goal: 3000, prepare: async () => ({ dataDir: newDir(), env: {} }) });
        for (const pets of SIZES) {
          const dataDir = newDir();
          const database = await openDatabase({ driver: 'pglite', dataDir });
          await database.migrate();
          await seedShelter(database, pets);
          await database.close();
          cases.push({
            label: `existing, ${pets.toLocaleString('en')} pets`,
            goal: 1500,
            prepare: async () => {
              const db = await openDatabase({ driver: 'pglite', dataDir });
              await resetBook(db);
              await db.close();
              return { dataDir, env: {} };
            },
          });
        }
      } else {
        cases.push({
          label: 'new database',
          goal: 3000,
          prepare: async () => {
            const { name, drop, database } = await openThrowawayDatabase(pgUrl, { prefix: 'refugio_bench', migrate: false });
            await database.close();
            cleanups.push(drop);
            return { dataDir: newDir(), env: { DATABASE_URL: withDatabase(pgUrl, name) } };
          },
        });
        for (const pets of SIZES) {
          const { name, drop, database } = await openThrowawayDatabase(pgUrl, { prefix: 'refugio_bench' });
          cleanups.push(drop);
          await seedShelter(database, pets);
          cases.push({
            label: `existing, ${pets.toLocaleString('en')} pets`,
            goal: 1500,
            prepare: async () => {
              await resetBook(database);
              return { dataDir: newDir(), env: { DATABASE_URL: withDatabase(pgUrl, name) } };
            },
          });
          cleanups.push(() => database.close());
        }
      }
      for (const c of cases) {
        const { wall, cpu, idle, failed } = await timeStarts(c, what);
        if (failed) {
          rows.push(`${driver.padEnd(8)} ${c.label.padEnd(26)} ${failed}`);
          continue;
        }
        rows.push(
          `${driver.padEnd(8)} ${c.label.padEnd(26)} median ${median(wall).toFixed(0).padStart(6)} ms  [${fmt(wall)}]  goal <= ${c.goal}` +
            `${median(wall) <= c.goal ? '' : '  MISSED'};  CPU by then ${median(cpu).toFixed(0)} ms;  RSS 3 s later ${median(idle).toFixed(0)} MB`,
        );
      }
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
  process.stdout.write(
    `\n=== Start-up: spawn of \`node ${path.relative(process.cwd(), entry)}\` to the first 200 of GET ${what} (a real query), ${STARTS} starts each\n` +
      `(existing: pets of an older version, the register book still to fill, as after an upgrade: reset before every start)\n` +
      rows.join('\n') +
      `\n(wall time stretches with the machine's load; the CPU time is the start-up's own work)\n` +
      `load average ${loadAverage()}${cpuPressure()}\n`,
  );
}

/** The server URL with its database path replaced. */
function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/* ------------------------------------------------------------------ seeding */

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(ADMIN),
  });
  if (res.status !== 200) throw new Error(`sign-in: HTTP ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const NAMES = ['Luna', 'Max', 'Rocky', 'Nala', 'Simba', 'Lola', 'Toby', 'Kira', 'Coco', 'Bruno'];

/** PETS published pets, each with a main image (a real 400x300 JPEG, re-encoded by the server). */
async function seed(base: string, cookie: string): Promise<{ petIds: number[]; images: string[] }> {
  const raw = Buffer.alloc(400 * 300 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 37) % 256;
  const jpeg = await sharp(raw, { raw: { width: 400, height: 300, channels: 3 } })
    .jpeg({ quality: 70 })
    .toBuffer();
  const petIds: number[] = [];
  for (let i = 0; i < PETS; i++) {
    const form = new FormData();
    form.set('nombre', `${NAMES[i % NAMES.length]!} ${i}`);
    form.set('edad', `${1 + (i % 12)} años`);
    form.set('tipo', ['Perro', 'Gato', 'Conejo'][i % 3]!);
    form.set('historia', 'Llegó al refugio tras ser encontrado en una gasolinera. Se lleva bien con niños y con otros animales.');
    form.set('personalidad', 'Es cariñoso, juguetón y tranquilo.');
    form.set('tags', JSON.stringify(['sociable', 'vacunado']));
    form.set('estado', 'publicada');
    form.set('image', new Blob([jpeg], { type: 'image/jpeg' }), `foto-${i}.jpg`);
    const res = await fetch(`${base}/phpApi/mascota/nueva`, { method: 'POST', headers: { cookie, origin: base }, body: form });
    if (res.status !== 200) throw new Error(`create pet: HTTP ${res.status} ${await res.text()}`);
    petIds.push(((await res.json()) as { id: number }).id);
  }
  const images: string[] = [];
  for (const id of petIds.slice(0, 20)) {
    const pet = (await (await fetch(`${base}/phpApi/mascota/${id}`, { headers: { cookie } })).json()) as { imagenprincipal: string };
    images.push(`/phpApi/storage/app/public/productos/${id}/${pet.imagenprincipal}`);
  }
  return { petIds, images };
}

/* ------------------------------------------------------------------ load */

interface Scenario {
  name: string;
  /** Relative URLs taken in turn. */
  paths: string[];
  headers?: Record<string, string>;
  /** Share of hello-world's requests per second to reach, by driver. */
  goal?: Record<Driver, number>;
}

interface Outcome {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  goal?: number;
}

async function load(base: string, scenario: Scenario, seconds: number): Promise<autocannon.Result> {
  let n = 0;
  return autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    headers: scenario.headers ?? {},
    requests: [
      {
        setupRequest: (request) => {
          n += 1;
          return { ...request, method: 'GET', path: scenario.paths[n % scenario.paths.length]! };
        },
      },
    ],
  });
}

async function measureScenario(base: string, scenario: Scenario): Promise<Outcome> {
  await load(base, scenario, WARMUP);
  const r = await load(base, scenario, DURATION);
  return {
    name: scenario.name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** A bare Fastify answering GET / with {"hello":"world"}, in its own process like the server. */
async function helloWorld(): Promise<Outcome> {
  const port = await freePort();
  const code = `
    import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    app.get('/', async () => ({ hello: 'world' }));
    await app.listen({ port: ${port}, host: '127.0.0.1' });
  `;
  const proc = spawnNode(['--input-type=module', '-e', code], { ...process.env, NODE_ENV: 'production' }, path.resolve(import.meta.dirname, '..'));
  try {
    await firstAnswer(`http://127.0.0.1:${port}/`, proc, performance.now());
    return await measureScenario(`http://127.0.0.1:${port}`, { name: 'bare Fastify hello-world (GET /)', paths: ['/'] });
  } finally {
    await stop(proc);
  }
}

/* ------------------------------------------------------------------ list floor */

/** Something timed one at a time: a request, or a page's statements. */
interface FloorProbe {
  run(): Promise<void>;
  close(): Promise<void>;
}

/**
 * `url` one request at a time over one keep-alive connection (no queueing: the latency is the server's work plus
 * its statements' round trips), timed in the bench with `performance.now()` (autocannon's histogram counts whole
 * milliseconds).
 */
function httpProbe(base: string, url: string, cookie: string): FloorProbe {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    run: () =>
      new Promise<void>((resolve, reject) => {
        const req = http.get(`${base}${url}`, { agent, headers: { cookie } }, (res) => {
          if (res.statusCode !== 200) reject(new Error(`${url}: HTTP ${res.statusCode}`));
          res.resume();
          res.on('end', resolve);
        });
        req.on('error', reject);
      }),
    close: async () => agent.destroy(),
  };
}

/**
 * The same statements the server sends for that page, run directly at the driver one after another on one
 * connection (PostgreSQL: as the same named prepared statements; PGlite: its own process on the data directory,
 * once the server has stopped). The statements are captured from the list's own repository code, so they are the
 * server's exact text and parameters.
 */
async function sqlProbe(
  target: { driver: 'pglite'; dataDir: string } | { driver: 'postgres'; url: string },
): Promise<FloorProbe & { statements: number }> {
  const database =
    target.driver === 'pglite'
      ? await openDatabase({ driver: 'pglite', dataDir: target.dataDir })
      : await openDatabase({ driver: 'postgres', url: target.url, poolSize: 1 });
  const client = rawClient(database);
  const original = client.query.bind(client);
  const captured: unknown[][] = [];
  client.query = (...args: unknown[]) => {
    captured.push(args);
    return original(...(args as Parameters<typeof original>));
  };
  await createPetListReader(database.db, listWriterFor(database.driver)).list(
    listPetsQuerySchema.parse(Object.fromEntries(new URL(LIST_URL, 'http://x').searchParams)),
  );
  client.query = original;
  // PGlite runs at its pace only once V8 has optimised its WebAssembly (the server's had minutes of seeding and
  // load by then): at least 1 000 runs of warm-up besides the warm-up time.
  for (let n = 0; n < 1000; n++) for (const args of captured) await original(...(args as Parameters<typeof original>));
  return {
    statements: captured.length,
    async run() {
      for (const args of captured) await original(...(args as Parameters<typeof original>));
    },
    close: () => database.close(),
  };
}

/**
 * The probes in turns, half a second of each per round until each has had `DURATION` seconds (after `WARMUP`
 * seconds of each), so that all of them meet the machine's same moments: the noise of a shared machine then moves
 * them together instead of tilting their ratio. With `pid`, the CPU time that process spent during a probe's turns,
 * per run (/proc, in clock ticks: summed over many turns).
 */
async function inTurns(probes: { probe: FloorProbe; pid?: number }[]): Promise<{ p50: number; cpuPerRequest: number; requests: number }[]> {
  const slice = 500;
  for (const { probe } of probes) {
    const until = performance.now() + WARMUP * 1000;
    while (performance.now() < until) await probe.run();
  }
  const times = probes.map((): number[] => []);
  const cpu = probes.map(() => 0);
  for (let round = 0; round < (DURATION * 1000) / slice; round++) {
    for (const [i, { probe, pid }] of probes.entries()) {
      const cpuBefore = cpuMs(pid);
      const end = performance.now() + slice;
      while (performance.now() < end) {
        const start = performance.now();
        await probe.run();
        times[i]!.push(performance.now() - start);
      }
      cpu[i]! += cpuMs(pid) - cpuBefore;
    }
  }
  return times.map((t, i) => ({ p50: median(t), cpuPerRequest: cpu[i]! / t.length, requests: t.length }));
}

async function runHttp(driver: Driver) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'refugio-http-bench-'));
  let dropDatabase: (() => Promise<void>) | undefined;
  let proc: Proc | undefined;
  try {
    let databaseLabel = 'PGlite in the server process, new DATA_DIR';
    const extra: NodeJS.ProcessEnv = {
      // Counted on every request (their cost is part of the figures) but far above what the load sends.
      USER_REQUESTS_PER_MINUTE: '100000000',
      ANON_REQUESTS_PER_MINUTE: '100000000',
    };
    if (driver === 'postgres') {
      const throwaway = await openThrowawayDatabase(process.env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES_URL, { prefix: 'refugio_httpbench' });
      await throwaway.database.close();
      dropDatabase = throwaway.drop;
      const url = new URL(process.env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES_URL);
      url.pathname = `/${throwaway.name}`;
      extra.DATABASE_URL = url.toString();
      databaseLabel = `PostgreSQL ${throwaway.host}, throwaway database ${throwaway.name} (pool of 10)`;
    }
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const profileDir = CPU_PROF ? mkdtempSync(path.join(os.tmpdir(), 'refugio-cpu-prof-')) : undefined;
    proc = spawnNode(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, entry] : [entry], serverEnv(dataDir, port, extra));
    await firstAnswer(`${base}/api/ready`, proc, performance.now());
    const cookie = await signIn(base);
    const seedStart = performance.now();
    const { petIds, images } = await seed(base, cookie);
    const seedSeconds = (performance.now() - seedStart) / 1000;

    const scenarios: Scenario[] = [
      {
        name: 'signed-in pet read GET /phpApi/mascota/{id}',
        paths: petIds.map((id) => `/phpApi/mascota/${id}`),
        headers: { cookie },
        goal: { pglite: 0.1, postgres: 0.2 },
      },
      { name: 'signed-in list page GET /phpApi/mascotas', paths: [LIST_URL], headers: { cookie } },
      {
        // As a browser or a website's fetch() asks for it: every one of them accepts compressed answers.
        name: 'public catalogue page GET /api/public/mascotas',
        paths: ['/api/public/mascotas?page=1&pageSize=20'],
        headers: { 'accept-encoding': 'gzip, deflate, br' },
        goal: { pglite: 0.25, postgres: 0.4 },
      },
      {
        name: '  the same, from a client that takes no compression',
        paths: ['/api/public/mascotas?page=1&pageSize=20'],
      },
      { name: 'public image file (main images of 20 pets)', paths: images },
      { name: 'GET /api/health', paths: ['/api/health'] },
    ];

    const rssBefore = rssMb(proc.child.pid);
    const hello = ONLY === 'floor' ? undefined : await helloWorld();
    const outcomes: Outcome[] = [];
    for (const scenario of hello ? scenarios : []) {
      const outcome = await measureScenario(base, scenario);
      outcomes.push({ ...outcome, goal: scenario.goal?.[driver] });
    }
    const rssAfter = rssMb(proc.child.pid);
    // The list page and, the same way, the cheapest request there is: what any request costs before its own work.
    // On PostgreSQL the page's statements run directly in the same turns; PGlite's data directory is the server's
    // own until it stops, so there they run afterwards.
    const list = httpProbe(base, LIST_URL, cookie);
    const health = httpProbe(base, '/api/health', cookie);
    const pid = proc.child.pid;
    const floor = async () => {
      if (driver === 'postgres') {
        const sql = await sqlProbe({ driver, url: extra.DATABASE_URL! });
        const [listHttp, healthHttp, floorSql] = await inTurns([{ probe: list, pid }, { probe: health, pid }, { probe: sql }]);
        await sql.close();
        return { listHttp: listHttp!, healthHttp: healthHttp!, floorSql: floorSql!, statements: sql.statements };
      }
      const [listHttp, healthHttp] = await inTurns([
        { probe: list, pid },
        { probe: health, pid },
      ]);
      await stop(proc!);
      const sql = await sqlProbe({ driver, dataDir });
      const [floorSql] = await inTurns([{ probe: sql }]);
      await sql.close();
      return { listHttp: listHttp!, healthHttp: healthHttp!, floorSql: floorSql!, statements: sql.statements };
    };
    const { listHttp, healthHttp, floorSql, statements } = await floor();
    await stop(proc);
    await Promise.all([list.close(), health.close()]);
    if (profileDir) process.stdout.write(`\nCPU profile of the server (whole run, seeding included): ${profileDir}\n`);

    process.stdout.write(
      `\n=== HTTP throughput: ${databaseLabel}; local storage; ${PETS} published pets with a main image (seeded through the API in ${seedSeconds.toFixed(1)} s)\n` +
        `Server: node ${path.relative(process.cwd(), entry)} (NODE_ENV=production, LOG_LEVEL=info: one log line per request,\n` +
        `request budgets counted but set far above the load). Load: autocannon in the bench process, ${CONNECTIONS} connections,\n` +
        `${WARMUP} s warm-up then ${DURATION} s per scenario; hello-world measured the same way in the same run.\n` +
        `Node ${process.version}; ${os.cpus().length} CPU (${os.cpus()[0]?.model.trim() ?? '?'}); load average ${loadAverage()}${cpuPressure()}\n` +
        `Server RSS: ${rssBefore.toFixed(0)} MB after seeding, ${rssAfter.toFixed(0)} MB after the load.\n\n`,
    );
    if (hello) process.stdout.write(`${table(hello, outcomes)}\n`);
    const ratio = listHttp.p50 / floorSql.p50;
    process.stdout.write(
      `\nlist floor: http p50 ${listHttp.p50.toFixed(2)} ms, sql p50 ${floorSql.p50.toFixed(2)} ms, server cpu ${listHttp.cpuPerRequest.toFixed(2)} ms/req\n` +
        `  (${driver}; ${LIST_URL}, one request at a time on one connection, ${listHttp.requests} requests; ${statements} statement(s) run directly${driver === 'postgres' ? ', in turns with the requests' : ''};` +
        ` http/sql ${ratio.toFixed(2)}x, goal <= 2x${driver === 'postgres' ? ` ${ratio <= 2 ? 'ok' : 'MISS'}` : ''}; cpu goal < 1 ms${driver === 'postgres' ? ` ${listHttp.cpuPerRequest < 1 ? 'ok' : 'MISS'}` : ''};\n` +
        `   GET /api/health measured the same way: p50 ${healthHttp.p50.toFixed(2)} ms, server cpu ${healthHttp.cpuPerRequest.toFixed(2)} ms/req)\n`,
    );
  } finally {
    if (proc) await stop(proc);
    await dropDatabase?.().catch((error: unknown) => process.stderr.write(`could not drop the bench database: ${String(error)}\n`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/* ------------------------------------------------------------------ report */

function table(hello: Outcome, outcomes: Outcome[]): string {
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', '% of hello', 'goal'];
  const line = (o: Outcome, isHello = false) => {
    const share = o.rps / hello.rps;
    const verdict = o.goal === undefined ? '' : `>= ${(o.goal * 100).toFixed(0)}% ${share >= o.goal ? 'ok' : 'MISS'}`;
    return [
      o.name,
      o.rps.toFixed(0),
      o.p50.toFixed(1),
      o.p99.toFixed(1),
      String(o.non2xx),
      String(o.errors),
      isHello ? '100%' : `${(share * 100).toFixed(1)}%`,
      verdict,
    ];
  };
  const lines = [line(hello, true), ...outcomes.map((o) => line(o))];
  const widths = header.map((h, c) => Math.max(h.length, ...lines.map((l) => l[c]!.length)));
  const row = (cells: string[]) => cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  return [row(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(row)].join('\n');
}

/* ------------------------------------------------------------------ main */

async function main() {
  if (!existsSync(entry)) throw new Error(`${entry} not found: run "npm run bench:http", which builds the server first`);
  if (ONLY === undefined || ONLY === 'startup') await measureStartup();
  if (ONLY !== 'startup') for (const driver of driversToRun()) await runHttp(driver);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
