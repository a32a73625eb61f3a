/*
 * Dashboard benchmark: seeds N pets (100 000 by default) and M adoption requests (200 000) with set-based
 * SQL, builds the real app (`buildApp`) on that database with a signed-in staff user, and times
 * `GET /api/dashboard` and `GET /api/pendientes` with `app.inject` (the server's own time, no network), beside
 * `GET /api/organizacion` (a staff request that only looks the session up: the floor on this machine).
 *
 *   npm run bench:dashboard                                   PGlite in memory (default)
 *   npm run bench:dashboard -- --db=both                      PGlite, then PostgreSQL (BENCH_DATABASE_URL or
 *                                                             postgres://postgres@127.0.0.1:5432/postgres)
 * Options: --db=pglite|postgres|both  --rows=100000  --requests-rows=200000  --requests=300  --warmup=30
 * --explain (EXPLAIN ANALYZE every statement of one dashboard request, and with --care of the two care reads)
 * --care=N (also N care records, and times GET /api/salud/pendientes; `npm run bench:care` seeds 1 000 000).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import {
  type Driver,
  cpuPressure,
  driversToRun,
  intOption,
  loadAverage,
  nextRemoteAddress,
  openBenchDatabase,
  option,
  percentile,
  rawClient,
  rawQuery,
  signInStaff,
} from './support';

const GOAL_P95_MS = 50;
const PUBLIC_URL = 'http://localhost:3000';

const ROWS = intOption('rows', 100_000);
const REQUEST_ROWS = intOption('requests-rows', 200_000);
const REQUESTS = intOption('requests', 300);
const WARMUP = intOption('warmup', 30);
const EXPLAIN = option('explain') === 'true';
const CARE_ROWS = intOption('care', 0);
/** What is due (GET /api/salud/pendientes) and the Pendientes counts: goal p95 on PostgreSQL; PGlite gets twice it. */
const CARE_GOAL_P95_MS = { postgres: 20, pglite: 40 } as const;

/* ------------------------------------------------------------------ seed */

const h = (k: number) => `(hashint4(g.i * 16 + ${k})::bigint & 2147483647)`;

/**
 * Pets over three years: 55% dogs, 35% cats, 10% rabbits; 70% published, 20% drafts, 10% scheduled (from 20
 * days ago to 40 days ahead); 30% adopted, between 0 and 200 days after their intake; 2% deleted.
 */
function petsSql(rows: number): string {
  return `
INSERT INTO pet (nombre, edad, tipo, genero, tamano, fecha_ingreso, adoptado, adoptado_en, estado, publicar_en, deleted_at, created_at)
SELECT 'Mascota ' || g.i, '2 años',
  CASE WHEN ${h(1)} % 100 < 55 THEN 'Perro' WHEN ${h(1)} % 100 < 90 THEN 'Gato' ELSE 'Conejo' END,
  CASE WHEN ${h(2)} % 2 = 0 THEN 'macho' ELSE 'hembra' END,
  (ARRAY['chico', 'mediano', 'grande'])[1 + ${h(3)} % 3],
  (now() - (${h(4)} % 1095) * interval '1 day')::timestamp,
  ${h(5)} % 100 < 30,
  CASE WHEN ${h(5)} % 100 < 30 THEN LEAST(now(), now() - (${h(4)} % 1095) * interval '1 day' + (${h(6)} % 200) * interval '1 day') END,
  CASE WHEN ${h(7)} % 100 < 70 THEN 'publicada' WHEN ${h(7)} % 100 < 90 THEN 'borrador' ELSE 'programada' END,
  CASE WHEN ${h(7)} % 100 >= 90 THEN now() + ((${h(8)} % 60) - 20) * interval '1 day' END,
  CASE WHEN ${h(9)} % 50 = 1 THEN now() END,
  now() - (${h(4)} % 1095) * interval '1 day'
FROM generate_series(1, ${rows}) AS g(i)`;
}

/** Adoption requests for random pets: 5% nueva, 10% en_revision, 40% aprobada, 35% rechazada, 10% retirada. */
function requestsSql(rows: number, pets: number): string {
  return `
INSERT INTO adoption_request (pet_id, estado, nombre, email, telefono, edad, ciudad, direccion, vivienda, vivienda_propia,
                              patio, personas_en_casa, ninos_en_casa, horas_solo, acepta_visita, acepta_privacidad, created_at)
SELECT 1 + ${h(1)} % ${pets},
  CASE WHEN ${h(2)} % 100 < 5 THEN 'nueva' WHEN ${h(2)} % 100 < 15 THEN 'en_revision' WHEN ${h(2)} % 100 < 55 THEN 'aprobada'
       WHEN ${h(2)} % 100 < 90 THEN 'rechazada' ELSE 'retirada' END,
  'Persona ' || g.i, 'persona' || g.i || '@example.com', '600' || lpad((g.i % 1000000)::text, 6, '0'), 30, 'Madrid', 'Calle Mayor 1',
  'casa', true, false, 2, 0, 4, true, true, now() - (${h(3)} % 1095) * interval '1 day'
FROM generate_series(1, ${rows}) AS g(i)`;
}

/** Publication requests: 10% pendiente. */
function submissionsSql(rows: number): string {
  return `
INSERT INTO publication_request (estado, nombre, edad, tipo, genero, tamano, contacto_nombre, contacto_email)
SELECT CASE WHEN ${h(1)} % 10 = 0 THEN 'pendiente' WHEN ${h(1)} % 10 < 7 THEN 'aprobada' ELSE 'rechazada' END,
  'Registro ' || g.i, '1 año', 'Perro', 'macho', 'chico', 'Rescatista', 'r' || g.i || '@example.com'
FROM generate_series(1, ${rows}) AS g(i)`;
}

/**
 * Care records for random pets: 90% done (a vaccine, deworming, test, weight... in the last three years), 10%
 * planned from 14 days ago to a year ahead (so about 0.4% are overdue, as in a shelter that keeps its round).
 */
function careSql(rows: number, pets: number): string {
  return `
INSERT INTO care_record (pet_id, tipo, nombre, fecha_programada, fecha_realizada, repetir_cada_dias, lote, peso_kg, mascota_activa)
SELECT 1 + ${h(1)} % ${pets},
  (ARRAY['vacuna', 'desparasitacion_interna', 'desparasitacion_externa', 'test', 'tratamiento', 'revision', 'peso', 'vacuna'])[1 + ${h(2)} % 8],
  'Cuidado ' || g.i,
  CASE WHEN ${h(3)} % 10 = 0 THEN current_date + ((${h(4)} % 380) - 14)::int ELSE current_date - (${h(4)} % 1095)::int END,
  CASE WHEN ${h(3)} % 10 = 0 THEN NULL ELSE current_date - (${h(4)} % 1095)::int END,
  CASE WHEN ${h(5)} % 3 = 0 THEN 90 END,
  'L-' || g.i,
  CASE WHEN ${h(2)} % 8 = 6 THEN 5 + ${h(6)} % 30 END,
  true
FROM generate_series(1, ${rows}) AS g(i)`;
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

/**
 * The row triggers that keep the dashboard's aggregates are switched off for the bulk load (one plpgsql call
 * per row makes a 300 000-row load take many minutes on PGlite) and the aggregates are then built in one
 * statement each, exactly as the migration and the start-up rebuild do. The reads measured are the same.
 */
async function seed(database: DatabaseHandle): Promise<void> {
  const tables = ['pet', 'adoption_request', 'publication_request', 'care_record'];
  for (const table of tables) await rawQuery(database, `ALTER TABLE ${table} DISABLE TRIGGER USER`);
  await loadWithoutIndexes(database, 'pet', petsSql(ROWS));
  await loadWithoutIndexes(database, 'adoption_request', requestsSql(REQUEST_ROWS, ROWS));
  await loadWithoutIndexes(database, 'publication_request', submissionsSql(2000));
  if (CARE_ROWS > 0) {
    await loadWithoutIndexes(database, 'care_record', careSql(CARE_ROWS, ROWS));
    // What the insert trigger (switched off for the load) keeps: planned care counts only for pets in the shelter.
    await rawQuery(
      database,
      `UPDATE care_record r SET mascota_activa = (p.deleted_at IS NULL AND NOT p.adoptado)
         FROM pet p WHERE p.id = r.pet_id AND r.fecha_realizada IS NULL AND (p.deleted_at IS NOT NULL OR p.adoptado)`,
    );
  }
  for (const table of tables) await rawQuery(database, `ALTER TABLE ${table} ENABLE TRIGGER USER`);
  // The state autovacuum keeps a table in (its visibility map set): the due counts are index-only scans then. Right
  // after a bulk load every count of what is due would visit the heap, which no running instance does for long.
  if (CARE_ROWS > 0) await rawQuery(database, 'VACUUM (ANALYZE) care_record');
  await rawQuery(database, 'DELETE FROM pet_count');
  await rawQuery(
    database,
    `INSERT INTO pet_count (tipo, tamano, estado, adoptado, n)
       SELECT tipo, tamano, estado, adoptado, count(*)::int FROM pet WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4`,
  );
  await rawQuery(database, 'DELETE FROM request_count');
  await rawQuery(
    database,
    `INSERT INTO request_count (tabla, estado, n)
       SELECT 'adoption_request', estado, count(*)::int FROM adoption_request GROUP BY estado
       UNION ALL SELECT 'publication_request', estado, count(*)::int FROM publication_request GROUP BY estado`,
  );
  // pet_month and pet_adoption_days: rebuilt by the app at start-up (the time zone is not stored yet).
  await rawQuery(database, 'DELETE FROM org_setting');
  await rawQuery(database, 'ANALYZE');
}

/* ------------------------------------------------------------------ measuring */

async function inject(app: FastifyInstance, cookie: string, url: string) {
  const res = await app.inject({ method: 'GET', url, headers: { cookie }, remoteAddress: nextRemoteAddress() });
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
  return res;
}

async function measure(app: FastifyInstance, cookie: string, url: string): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await inject(app, cookie, url);
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
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
    if (text && !/"session"|"user"/.test(text)) captured.push({ text, params: values });
    return original(query, params, ...rest);
  };
  try {
    await inject(app, cookie, url);
  } finally {
    client.query = original;
  }
  for (const { text, params } of captured) {
    process.stdout.write(`\n  ${text}\n  params: ${JSON.stringify(params)}\n`);
    const rows = await rawQuery(database, `EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
    for (const row of rows) process.stdout.write(`    ${String(Object.values(row)[0])}\n`);
  }
}

/** A week from now, as the due list's `hasta` takes it. */
function nextWeek(): string {
  return new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
}

function conditions(): string {
  return `Node ${process.version}, ${os.cpus().length} CPUs, load average ${loadAverage()}${cpuPressure()}`;
}

async function run(driver: Driver) {
  const { database, label, drop } = await openBenchDatabase(driver);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'refugio-bench-'));
  let app: FastifyInstance | undefined;
  try {
    process.stdout.write(`\n=== ${label}\n`);
    const seedStart = performance.now();
    await seed(database);
    process.stdout.write(
      `seeded ${ROWS} pets, ${REQUEST_ROWS} adoption requests, 2000 publication requests, ${CARE_ROWS} care records in ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`,
    );
    const config = loadConfig({
      DATA_DIR: dataDir,
      PUBLIC_URL,
      LOG_LEVEL: 'silent',
      SIGN_IN_ATTEMPTS_PER_MINUTE: '1000',
      USER_REQUESTS_PER_MINUTE: '100000000',
    });
    const buildStart = performance.now();
    app = await buildApp({ config, database, logger: false, webDistDir: path.join(dataDir, 'no-web') });
    process.stdout.write(
      `app built, monthly figures rebuilt for ${config.orgTimeZone}, in ${((performance.now() - buildStart) / 1000).toFixed(1)} s\n`,
    );
    const cookie = await signInStaff(app, database, PUBLIC_URL);
    const sample = (await inject(app, cookie, '/api/dashboard')).json<{ contadores: Record<string, number> }>();
    process.stdout.write(`counts: ${JSON.stringify(sample.contadores)}\n`);
    process.stdout.write(`${conditions()}\n`);
    if (CARE_ROWS > 0) {
      const due = (await inject(app, cookie, '/api/salud/pendientes')).json<{ total: number }>();
      process.stdout.write(`care due today or overdue: ${due.total}\n`);
    }
    process.stdout.write(`${'scenario'.padEnd(40)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'max'.padStart(7)}  (ms, ${REQUESTS} requests)\n`);
    // GET /api/organizacion does nothing but the session lookup: the floor of any staff request on this machine now.
    const careUrls = CARE_ROWS > 0 ? ['/api/salud/pendientes', '/api/salud/pendientes?tipo=vacuna', `/api/salud/pendientes?hasta=${nextWeek()}`] : [];
    for (const url of ['/api/organizacion', '/api/dashboard', '/api/pendientes', ...careUrls]) {
      const times = await measure(app, cookie, url);
      const p95 = percentile(times, 95);
      const careGoal = CARE_GOAL_P95_MS[driver];
      const goal =
        url === '/api/dashboard' ? GOAL_P95_MS : CARE_ROWS > 0 && (url === '/api/pendientes' || url.startsWith('/api/salud/')) ? careGoal : undefined;
      const verdict = goal === undefined ? '' : p95 <= goal ? `  goal p95 <= ${goal}: met` : `  goal p95 <= ${goal}: MISSED`;
      process.stdout.write(
        `GET ${url.padEnd(36)} ${percentile(times, 50).toFixed(1).padStart(7)} ${p95.toFixed(1).padStart(7)} ${(times.at(-1) ?? 0).toFixed(1).padStart(7)}${verdict}\n`,
      );
    }
    if (EXPLAIN) {
      for (const url of ['/api/dashboard', ...(CARE_ROWS > 0 ? ['/api/pendientes', '/api/salud/pendientes'] : [])]) {
        process.stdout.write(`\n--- EXPLAIN of GET ${url}\n`);
        await explainRequest(app, database, cookie, url);
      }
    }
  } finally {
    if (app) await app.close();
    else await database.close();
    await drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const driver of driversToRun()) await run(driver);
