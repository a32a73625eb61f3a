/*
 * `npm run bench:money`: the money screens at a large shelter's scale (DESIGN section 15). Seeds PERSONS members and
 * sponsors (10 000 by default: one fee each, 85 % `socio`, 15 % `padrino`; 90 % active, 5 % ended, 5 % pending; half
 * by direct debit; 90 % with a NIF) and GIFTS gifts (200 000 over the last three years: 5 % anonymous, 97 %
 * `registrado`, 2 % `anulado`, 1 % `devuelto`) with set-based SQL, builds the real app (`buildApp`) on that database
 * with a signed-in administrator, then times with `app.inject` (the server's own time, no network):
 *   - the modelo 182 of the previous year (`GET /api/fiscal/modelo-182?anio=`, the AEAT file) and its review,
 *     --runs-182 times each (goal: under 10 s);
 *   - the money screens' reads (`GET /api/cuotas`, `GET /api/donativos` with and without filters, the dashboard and
 *     "Pendientes", which carry the money figures for administrators): p50 / p95 / max over --requests requests each
 *     after --warmup unmeasured ones (goal: p95 under 200 ms).
 * Prints figures; asserts nothing (a shared machine's speed varies). Seeding skips nothing the app would do: no
 * triggers exist on fee and gift; their secondary indexes are dropped for the load and rebuilt from their own
 * definitions, then ANALYZE.
 *
 *   npm run bench:money                                  PGlite in memory (default)
 *   npm run bench:money -- --db=both                     PGlite, then PostgreSQL (BENCH_DATABASE_URL or
 *                                                        postgres://postgres@127.0.0.1:5432/postgres)
 * Options: --db=pglite|postgres|both  --persons=10000  --gifts=200000  --requests=50  --warmup=5  --runs-182=3
 * --explain (EXPLAIN ANALYZE of the statements of one request of each screen) --only=TEXT (only the screens whose
 * address contains TEXT, without the modelo 182).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ADMIN_ROLE, dayInZone } from '@refugio/contracts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/lib/password';
import { createUsersRepository } from '../apps/server/src/modules/users/users.repository';
import {
  type Driver,
  cpuPressure,
  driversToRun,
  intOption,
  loadAverage,
  median,
  nextRemoteAddress,
  openBenchDatabase,
  option,
  percentile,
  rawClient,
  rawQuery,
} from '../apps/server/bench/support';

const PUBLIC_URL = 'http://localhost:3000';
const ADMIN = { email: 'bench-money@refugio.test', password: 'clave-del-benchmark-money-1' };
/** A CIF whose check digit is right (an association), for the declaring entity of the modelo 182. */
const ORGANISATION_NIF = 'G08266298';
const GOAL_182_MS = 10_000;
const GOAL_P95_MS = 200;

const PERSONS = intOption('persons', 10_000);
const GIFTS = intOption('gifts', 200_000);
const REQUESTS = intOption('requests', 50);
const WARMUP = intOption('warmup', 5);
const RUNS_182 = intOption('runs-182', 3);
const EXPLAIN = option('explain') === 'true';
/** Only the screens whose address contains this text (and no modelo 182 timing when given). */
const ONLY = option('only');
const PETS = 500;

/* ------------------------------------------------------------------ seed */

const h = (k: number) => `(hashint4(g.i * 16 + ${k})::bigint & 2147483647)`;

/** Persons 1..N: 90 % with a valid DNI (its check letter computed), a postcode in one of the 52 provinces. */
function personsSql(rows: number): string {
  const number = `(10000000 + (g.i * 7919) % 89999999)`;
  return `
INSERT INTO person (nombre, apellidos, email, nif, codigo_postal, roles)
SELECT 'Socio ' || g.i, 'Apellido ' || g.i, 'socio' || g.i || '@example.com',
  CASE WHEN ${h(1)} % 100 < 90 THEN ${number}::text || substr('TRWAGMYFPDXBNJZSQVHLCKE', (${number} % 23)::int + 1, 1) END,
  lpad(((1 + g.i % 52) * 1000 + g.i % 1000)::text, 5, '0'),
  CASE WHEN g.i % 100 < 85 THEN '["socio"]'::jsonb ELSE '["padrino"]'::jsonb END
FROM generate_series(1, ${rows}) AS g(i)`;
}

function petsSql(rows: number): string {
  return `
INSERT INTO pet (nombre, edad, tipo, genero, tamano, estado)
SELECT 'Mascota ' || g.i, '2 años', 'Perro', 'hembra', 'mediano', 'publicada' FROM generate_series(1, ${rows}) AS g(i)`;
}

/** Fee i belongs to person i (fresh tables: the ids follow the series). */
function feesSql(rows: number, pets: number): string {
  return `
INSERT INTO fee (persona_id, tipo, importe_centimos, periodicidad, desde, pet_id, metodo_pago, iban, mandato_referencia,
                 mandato_fecha_firma, estado, baja_fecha, hasta, baja_motivo)
SELECT g.i,
  CASE WHEN g.i % 100 < 85 THEN 'socio' ELSE 'padrino' END,
  500 + ${h(2)} % 5000,
  (ARRAY['mensual', 'trimestral', 'semestral', 'anual'])[1 + ${h(3)} % 4],
  DATE '2024-01-01',
  CASE WHEN g.i % 100 >= 85 THEN 1 + g.i % ${pets} END,
  CASE WHEN g.i % 2 = 0 THEN 'domiciliacion' ELSE 'transferencia' END,
  CASE WHEN g.i % 2 = 0 THEN 'ES9121000418450200051332' END,
  CASE WHEN g.i % 2 = 0 THEN 'M-' || g.i END,
  CASE WHEN g.i % 2 = 0 THEN DATE '2024-01-01' END,
  CASE WHEN ${h(4)} % 100 < 90 THEN 'activa' WHEN ${h(4)} % 100 < 95 THEN 'baja' ELSE 'pendiente' END,
  CASE WHEN ${h(4)} % 100 BETWEEN 90 AND 94 THEN current_date - (${h(5)} % 400)::int END,
  CASE WHEN ${h(4)} % 100 BETWEEN 90 AND 94 THEN current_date - (${h(5)} % 400)::int END,
  CASE WHEN ${h(4)} % 100 BETWEEN 90 AND 94 THEN 'Baja voluntaria' ELSE '' END
FROM generate_series(1, ${rows}) AS g(i)`;
}

/** Gifts over the last three years; a fee's payment points at the person's fee. */
function giftsSql(rows: number, persons: number): string {
  const personaId = `CASE WHEN ${h(1)} % 100 < 5 THEN NULL ELSE 1 + ${h(2)} % ${persons} END`;
  const concept = `(CASE WHEN ${h(3)} % 100 < 60 THEN 'cuota' WHEN ${h(3)} % 100 < 70 THEN 'apadrinamiento' WHEN ${h(3)} % 100 < 90 THEN 'donativo'
      WHEN ${h(3)} % 100 < 95 THEN 'teaming' WHEN ${h(3)} % 100 < 98 THEN 'evento' ELSE 'otro' END)`;
  const fecha = `(current_date - (${h(4)} % 1095)::int)`;
  return `
INSERT INTO gift (persona_id, importe_centimos, fecha, metodo, concepto, fee_id, referencia, estado, anulado_motivo, devuelto_en)
SELECT p.persona_id, 100 + ${h(5)} % 20000, ${fecha},
  CASE WHEN p.concepto IN ('cuota', 'apadrinamiento') AND p.persona_id % 2 = 0 THEN 'domiciliacion' ELSE 'transferencia' END,
  p.concepto,
  CASE WHEN p.concepto IN ('cuota', 'apadrinamiento') THEN p.persona_id END,
  'REF-' || g.i,
  CASE WHEN ${h(6)} % 1000 < 970 THEN 'registrado' WHEN ${h(6)} % 1000 < 990 THEN 'anulado' ELSE 'devuelto' END,
  CASE WHEN ${h(6)} % 1000 BETWEEN 970 AND 989 THEN 'Error al registrar' ELSE '' END,
  CASE WHEN ${h(6)} % 1000 >= 990 THEN (${fecha} + 5)::timestamptz END
FROM generate_series(1, ${rows}) AS g(i)
CROSS JOIN LATERAL (SELECT ${personaId} AS persona_id, ${concept} AS concepto) AS p`;
}

/** Loads a table with its secondary indexes dropped, then rebuilds them from their own definitions. */
async function loadWithoutIndexes(database: DatabaseHandle, table: string, statement: string): Promise<void> {
  const indexes = await rawQuery(
    database,
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE i.indrelid = '${table}'::regclass AND NOT i.indisprimary
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
  );
  for (const { name } of indexes) await rawQuery(database, `DROP INDEX "${String(name)}"`);
  await rawQuery(database, statement);
  for (const { def } of indexes) await rawQuery(database, String(def));
}

async function seed(database: DatabaseHandle): Promise<void> {
  await rawQuery(database, petsSql(PETS));
  await loadWithoutIndexes(database, 'person', personsSql(PERSONS));
  await loadWithoutIndexes(database, 'fee', feesSql(PERSONS, PETS));
  await loadWithoutIndexes(database, 'gift', giftsSql(GIFTS, PERSONS));
  // What autovacuum leaves a table in after a while (visibility map set), so index-only scans are possible.
  for (const table of ['person', 'fee', 'gift']) await rawQuery(database, `VACUUM (ANALYZE) ${table}`);
}

/* ------------------------------------------------------------------ requests */

async function signInAdmin(app: FastifyInstance, database: DatabaseHandle): Promise<string> {
  await createUsersRepository(database.db).insertWithPassword({
    id: crypto.randomUUID(),
    email: ADMIN.email,
    name: 'Persona',
    lastname: 'Del Benchmark',
    role: ADMIN_ROLE,
    passwordHash: await hashPassword(ADMIN.password),
  });
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: PUBLIC_URL }, payload: ADMIN });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

async function inject(app: FastifyInstance, cookie: string, url: string, method: 'GET' | 'PUT' = 'GET', payload?: unknown) {
  const res = await app.inject({
    method,
    url,
    headers: { cookie, origin: PUBLIC_URL },
    remoteAddress: nextRemoteAddress(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res;
}

async function timed(app: FastifyInstance, cookie: string, url: string, runs: number, warmup: number): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await inject(app, cookie, url);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await inject(app, cookie, url);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

async function explainRequest(app: FastifyInstance, database: DatabaseHandle, cookie: string, url: string) {
  const client = rawClient(database);
  const original = client.query.bind(client);
  const captured: { text: string; params: unknown[] }[] = [];
  client.query = (query: unknown, params?: unknown[], ...rest: unknown[]) => {
    const text = typeof query === 'string' ? query : (query as { text?: string }).text;
    const values = Array.isArray(params) ? params : ((query as { values?: unknown[] }).values ?? []);
    if (text && !/"session"|"user"|org_setting/.test(text)) captured.push({ text, params: values });
    return original(query, params, ...rest);
  };
  try {
    await inject(app, cookie, url);
  } finally {
    client.query = original;
  }
  process.stdout.write(`\n--- ${url}\n`);
  for (const { text, params } of captured) {
    process.stdout.write(`\n  ${text}\n  params: ${JSON.stringify(params)}\n`);
    const rows = await rawQuery(database, `EXPLAIN (ANALYZE) ${text}`, params);
    for (const row of rows) process.stdout.write(`    ${String(Object.values(row)[0])}\n`);
  }
}

const ms = (n: number) => n.toFixed(1).padStart(8);

async function run(driver: Driver) {
  const { database, label, drop } = await openBenchDatabase(driver);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'refugio-bench-money-'));
  let app: FastifyInstance | undefined;
  try {
    process.stdout.write(`\n=== ${label}\n`);
    const seedStart = performance.now();
    await seed(database);
    process.stdout.write(
      `seeded ${PERSONS} persons with a fee each and ${GIFTS} gifts in ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`,
    );
    const config = loadConfig({
      DATA_DIR: dataDir,
      PUBLIC_URL,
      LOG_LEVEL: 'silent',
      SIGN_IN_ATTEMPTS_PER_MINUTE: '1000',
      USER_REQUESTS_PER_MINUTE: '100000000',
    });
    app = await buildApp({ config, database, logger: false, webDistDir: path.join(dataDir, 'no-web') });
    const cookie = await signInAdmin(app, database);
    const organisation = (await inject(app, cookie, '/api/organizacion')).json<Record<string, unknown>>();
    await inject(app, cookie, '/api/organizacion', 'PUT', {
      ...organisation,
      nombre: organisation.nombre ?? 'Refugio del benchmark',
      nif: ORGANISATION_NIF,
      ley49: true,
      telefono: '912345678',
    });
    const today = dayInZone(new Date(), config.orgTimeZone);
    const year = Number(today.slice(0, 4)) - 1;
    process.stdout.write(`Node ${process.version}, ${os.cpus().length} CPUs, load average ${loadAverage()}${cpuPressure()}\n`);

    // The modelo 182: the AEAT file and its review, a few runs each.
    const file = await inject(app, cookie, `/api/fiscal/modelo-182?anio=${year}`);
    const review = (await inject(app, cookie, `/api/fiscal/modelo-182/revision?anio=${year}`)).json<{ incluidos: unknown[]; excluidos: unknown[] }>();
    process.stdout.write(
      `modelo 182 of ${year}: ${file.rawPayload.length} bytes, ${review.incluidos.length} donors declared, ${review.excluidos.length} left out\n`,
    );
    for (const url of ONLY ? [] : [`/api/fiscal/modelo-182?anio=${year}`, `/api/fiscal/modelo-182/revision?anio=${year}`]) {
      const times = await timed(app, cookie, url, RUNS_182, 0);
      const worst = times.at(-1)!;
      process.stdout.write(
        `${url.padEnd(48)} median ${ms(median(times))} ms, max ${ms(worst)} ms over ${RUNS_182} runs (goal < ${GOAL_182_MS} ms: ${worst < GOAL_182_MS ? 'met' : 'MISSED'})\n`,
      );
    }

    // The money screens' reads.
    const from = `${year}-01-01`;
    const until = `${year}-12-31`;
    const someone = 1 + Math.floor(PERSONS / 3);
    const urls = [
      '/api/cuotas',
      '/api/cuotas?tipo=socio&estado=activa',
      `/api/cuotas?personaId=${someone}`,
      '/api/donativos',
      `/api/donativos?desde=${from}&hasta=${until}`,
      `/api/donativos?desde=${from}&hasta=${until}&concepto=donativo`,
      '/api/donativos?estado=devuelto',
      `/api/donativos?personaId=${someone}`,
      `/api/donativos?desde=${from}&hasta=${until}&page=50`,
      '/api/dashboard',
      '/api/pendientes',
      '/api/organizacion',
    ].filter((url) => ONLY === undefined || url.includes(ONLY));
    process.stdout.write(
      `\n${'scenario (administrator)'.padEnd(62)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'max'.padStart(8)}  (ms, ${REQUESTS} requests)\n`,
    );
    for (const url of urls) {
      const times = await timed(app, cookie, url, REQUESTS, WARMUP);
      const p95 = percentile(times, 95);
      const goal = url === '/api/organizacion' ? '(the floor: a session lookup)' : p95 < GOAL_P95_MS ? 'met' : 'MISSED';
      process.stdout.write(`${url.padEnd(62)} ${ms(percentile(times, 50))} ${ms(p95)} ${ms(times.at(-1)!)}  ${goal}\n`);
    }
    if (EXPLAIN) for (const url of urls) await explainRequest(app, database, cookie, url);
  } finally {
    await app?.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const driver of driversToRun()) await run(driver);
