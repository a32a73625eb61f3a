/*
 * Register book benchmark: seeds 100 000 pets and ten years of movements (an entry each, with its origin; most leave
 * by adoption, transfer or death; some adoptions come back), a vaccine each and 20 000 persons with set-based SQL on
 * PGlite, builds the real app (`buildApp`), runs the book's fill job's steps (the lines of data written before it), and times the
 * year's book as JSON and as PDF with `app.inject` (the server's own time, no network). Prints the medians as JSON.
 *
 *   npm run bench:register-book                      PGlite in memory
 * Options: --rows=100000  --anio=2024  --json-runs=5  --pdf-runs=3
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { cpuPressure, intOption, loadAverage, median, nextRemoteAddress, openBenchDatabase, rawQuery, signInStaff } from './support';

const PUBLIC_URL = 'http://localhost:3000';
const ROWS = intOption('rows', 100_000);
const ANIO = intOption('anio', 2024);
const JSON_RUNS = intOption('json-runs', 5);
const PDF_RUNS = intOption('pdf-runs', 3);
const GOALS_MS = { json: 2000, pdf: 15000 };

const h = (k: number) => `((hashint4(g.i * 16 + ${k})::bigint & 2147483647)::int)`;

async function seed(database: DatabaseHandle) {
  await rawQuery(
    database,
    `INSERT INTO person (nombre, apellidos, nif, direccion, ciudad, codigo_postal)
     SELECT 'Persona ' || g.i, 'Apellido', NULL, 'Calle ' || g.i, 'Madrid', '28013' FROM generate_series(1, 20000) AS g(i)`,
  );
  // Entries spread over ten years (2016-01-01 .. 2025-12-31).
  await rawQuery(
    database,
    `INSERT INTO pet (nombre, edad, tipo, genero, tamano, fecha_ingreso, raza, color, microchip, estado, created_at)
     SELECT 'Mascota ' || g.i, '2 años',
       CASE WHEN ${h(1)} % 100 < 55 THEN 'Perro' WHEN ${h(1)} % 100 < 90 THEN 'Gato' ELSE 'Conejo' END,
       CASE WHEN ${h(2)} % 2 = 0 THEN 'macho' ELSE 'hembra' END, 'mediano',
       (date '2016-01-01' + (${h(3)} % 3650))::timestamp, 'Mestizo', 'Negro', lpad((724000000000000 + g.i)::text, 15, '0'), 'borrador',
       now()
     FROM generate_series(1, ${ROWS}) AS g(i)`,
  );
  const procedencias = `(ARRAY['abandono','cesion','rescate','extraviado','nacimiento','traslado','decomiso','otra'])[1 + ${h(4)} % 8]`;
  await rawQuery(
    database,
    `INSERT INTO movement (pet_id, tipo, fecha, procedencia)
     SELECT g.i, 'ingreso', (date '2016-01-01' + (${h(3)} % 3650)), ${procedencias} FROM generate_series(1, ${ROWS}) AS g(i)`,
  );
  // 70% leave 5..300 days later: 50% adopted, 10% transferred, 10% died (never after 2025-12-31).
  const exitDay = `LEAST(date '2016-01-01' + (${h(3)} % 3650) + 5 + ${h(5)} % 296, date '2025-12-31')`;
  await rawQuery(
    database,
    `INSERT INTO movement (pet_id, tipo, fecha, persona_id, motivo, veterinario)
     SELECT g.i,
       CASE WHEN ${h(6)} % 100 < 50 THEN 'adopcion' WHEN ${h(6)} % 100 < 60 THEN 'traslado' ELSE 'fallecimiento' END,
       ${exitDay},
       CASE WHEN ${h(6)} % 100 < 60 THEN 1 + ${h(7)} % 20000 END,
       CASE WHEN ${h(6)} % 100 >= 60 THEN 'Causa natural' ELSE '' END,
       CASE WHEN ${h(6)} % 100 >= 60 THEN 'Dra. Vet' ELSE '' END
     FROM generate_series(1, ${ROWS}) AS g(i) WHERE ${h(6)} % 100 < 70`,
  );
  await rawQuery(
    database,
    `INSERT INTO care_record (pet_id, tipo, nombre, fecha_realizada, veterinario)
     SELECT g.i, 'vacuna', 'Polivalente', date '2016-01-01' + (${h(3)} % 3650) + 2, 'Clínica Centro' FROM generate_series(1, ${ROWS}) AS g(i)`,
  );
  await rawQuery(database, 'ANALYZE');
}

async function timeGet(app: FastifyInstance, cookie: string, url: string, runs: number): Promise<{ median: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { cookie }, remoteAddress: nextRemoteAddress() });
    times.push(performance.now() - start);
    if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    bytes = res.rawPayload.length;
  }
  return { median: Math.round(median(times)), bytes };
}

async function main() {
  const { database, label, drop } = await openBenchDatabase('pglite');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'refugio-bench-book-'));
  let app: FastifyInstance | undefined;
  try {
    const seedStart = performance.now();
    await seed(database);
    const seedMs = Math.round(performance.now() - seedStart);
    const config = loadConfig({
      DATA_DIR: dataDir,
      PUBLIC_URL,
      LOG_LEVEL: 'silent',
      SIGN_IN_ATTEMPTS_PER_MINUTE: '1000',
      USER_REQUESTS_PER_MINUTE: '100000000',
    });
    const buildStart = performance.now();
    app = await buildApp({ config, database, logger: false, webDistDir: path.join(dataDir, 'no-web') });
    const startMs = Math.round(performance.now() - buildStart);
    // The fill of the data written before the book is a job (after start-up, FILL_BATCH pets per transaction).
    const fillStart = performance.now();
    for (let after: number | undefined = 0; after !== undefined;) after = await app.registerBookPort.fillStep(database.db, after);
    const backfillMs = Math.round(performance.now() - fillStart);
    const cookie = await signInStaff(app, database, PUBLIC_URL);
    const [counts] = await rawQuery(
      database,
      `SELECT count(*)::int AS lineas, count(*) FILTER (WHERE anio = ${ANIO})::int AS del_anio, count(*) FILTER (WHERE cerrada)::int AS cerradas FROM register_book_line`,
    );
    const json = await timeGet(app, cookie, `/api/libro-registro?anio=${ANIO}`, JSON_RUNS);
    const pdf = await timeGet(app, cookie, `/api/libro-registro?anio=${ANIO}&formato=pdf`, PDF_RUNS);
    const verify = await timeGet(app, cookie, `/api/libro-registro/verificar?anio=${ANIO}`, JSON_RUNS);
    const result = {
      database: label,
      pets: ROWS,
      anio: ANIO,
      lines: counts,
      seedMs,
      startMs,
      fillJobMs: backfillMs,
      medianMs: { json: json.median, pdf: pdf.median, verificar: verify.median },
      goalsMs: GOALS_MS,
      pdfBytes: pdf.bytes,
      jsonBytes: json.bytes,
      conditions: `Node ${process.version}, ${os.cpus().length} CPUs, load average ${loadAverage()}${cpuPressure()}`,
    };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await app?.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
