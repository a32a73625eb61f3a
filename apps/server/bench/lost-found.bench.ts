/*
 * Lost-and-found benchmark (DESIGN section 19, issue 39): seeds 50 000 reports (half lost, half found; dogs, cats and
 * rabbits; 90% open, a tenth of them with a microchip, postcodes over every province, dates over six months) and 2 000
 * pets that entered as `extraviado`, builds the real app (`buildApp`) with a signed-in staff user, and times the
 * candidates of one report (`GET /api/avisos/{id}/coincidencias`) with `app.inject` (the server's own time, no
 * network), over 50 different open reports in turn. Goals: p95 100 ms on PostgreSQL, 300 ms on PGlite.
 *
 *   npm run bench:lost-found                     PGlite in memory (default)
 *   npm run bench:lost-found -- --db=both        PGlite, then PostgreSQL (BENCH_DATABASE_URL or the local default)
 * Options: --db=pglite|postgres|both  --reports=50000  --pets=2000  --requests=200  --warmup=20
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import {
  type Driver,
  cpuPressure,
  driversToRun,
  intOption,
  loadAverage,
  nextRemoteAddress,
  openBenchDatabase,
  percentile,
  rawQuery,
  signInStaff,
} from './support';

const GOALS_P95_MS: Record<Driver, number> = { postgres: 100, pglite: 300 };
const PUBLIC_URL = 'http://localhost:3000';
const REPORTS = intOption('reports', 50_000);
const PETS = intOption('pets', 2_000);
const REQUESTS = intOption('requests', 200);
const WARMUP = intOption('warmup', 20);

const h = (k: number) => `(hashint4(g.i * 16 + ${k})::bigint & 2147483647)`;
const SPECIES = `(ARRAY['Perro', 'Perro', 'Perro', 'Perro', 'Perro', 'Perro', 'Gato', 'Gato', 'Gato', 'Conejo'])`;
const COLOURS = `(ARRAY['negro', 'blanco', 'marrón', 'canela', 'gris', 'atigrado', 'negro y blanco', 'tricolor', 'crema', 'rubio'])`;

async function seed(database: Awaited<ReturnType<typeof openBenchDatabase>>['database']): Promise<void> {
  await rawQuery(
    database,
    `INSERT INTO lost_found_report (tipo, estado, especie, sexo, color, tamano, microchip, municipio, codigo_postal, fecha,
       descripcion, contacto, token_hash, vence_en)
     SELECT CASE WHEN g.i % 2 = 0 THEN 'perdido' ELSE 'encontrado' END,
       CASE WHEN ${h(1)} % 10 = 0 THEN 'reunido' ELSE 'abierto' END,
       ${SPECIES}[1 + ${h(2)} % 10],
       CASE WHEN ${h(3)} % 5 = 0 THEN NULL WHEN ${h(3)} % 2 = 0 THEN 'macho' ELSE 'hembra' END,
       ${COLOURS}[1 + ${h(4)} % 10],
       (ARRAY['chico', 'mediano', 'grande', NULL])[1 + ${h(5)} % 4],
       CASE WHEN ${h(6)} % 10 = 0 THEN '941' || lpad((${h(7)} % 1000000000000)::text, 12, '0') ELSE '' END,
       'Municipio ' || (${h(8)} % 500),
       lpad((1 + ${h(9)} % 52)::text, 2, '0') || lpad((${h(10)} % 1000)::text, 3, '0'),
       (now() - (${h(11)} % 180) * interval '1 day')::date,
       'Aviso de prueba ' || g.i, '600000000', md5(g.i::text || random()::text),
       now() + ((${h(12)} % 70) - 10) * interval '1 day'
     FROM generate_series(1, ${REPORTS}) AS g(i)`,
  );
  await rawQuery(
    database,
    `INSERT INTO pet (nombre, edad, tipo, genero, tamano, color, procedencia, estado, microchip)
     SELECT 'Extraviado ' || g.i, '2', ${SPECIES}[1 + ${h(2)} % 10], CASE WHEN ${h(3)} % 2 = 0 THEN 'macho' ELSE 'hembra' END,
       (ARRAY['chico', 'mediano', 'grande'])[1 + ${h(5)} % 3], ${COLOURS}[1 + ${h(4)} % 10], 'extraviado', 'borrador',
       CASE WHEN ${h(6)} % 4 = 0 THEN '942' || lpad((${h(7)} % 1000000000000)::text, 12, '0') END
     FROM generate_series(1, ${PETS}) AS g(i)`,
  );
  await rawQuery(database, 'ANALYZE');
}

async function get(app: FastifyInstance, cookie: string, url: string) {
  const res = await app.inject({ method: 'GET', url, headers: { cookie }, remoteAddress: nextRemoteAddress() });
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
  return res;
}

async function measure(app: FastifyInstance, cookie: string, urls: string[]): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await get(app, cookie, urls[i % urls.length]!);
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    await get(app, cookie, urls[i % urls.length]!);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

async function run(driver: Driver): Promise<boolean> {
  const { database, label, drop } = await openBenchDatabase(driver);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'refugio-bench-'));
  let app: FastifyInstance | undefined;
  let ok = true;
  try {
    process.stdout.write(`\n=== ${label}\n`);
    const seedStart = performance.now();
    await seed(database);
    process.stdout.write(
      `seeded ${REPORTS} reports and ${PETS} pets entered as extraviado in ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`,
    );
    const config = loadConfig({
      DATA_DIR: dataDir,
      PUBLIC_URL,
      LOG_LEVEL: 'silent',
      SIGN_IN_ATTEMPTS_PER_MINUTE: '1000',
      USER_REQUESTS_PER_MINUTE: '100000000',
    });
    app = await buildApp({ config, database, logger: false, webDistDir: path.join(dataDir, 'no-web') });
    const cookie = await signInStaff(app, database, PUBLIC_URL);
    // 50 open reports, dogs first (the largest pool to rank), some with a microchip.
    const ids = (
      await rawQuery(
        database,
        `SELECT id FROM lost_found_report WHERE estado = 'abierto' AND vence_en > now()
         ORDER BY (especie = 'Perro') DESC, (microchip <> '') DESC, id LIMIT 50`,
      )
    ).map((r) => Number(r.id));
    const pool = (await get(app, cookie, `/api/avisos/${ids[0]}/coincidencias`)).json<{ items: unknown[] }>();
    process.stdout.write(`a dog's report has ${pool.items.length} candidates listed\n`);
    process.stdout.write(`Node ${process.version}, ${os.cpus().length} CPUs, load average ${loadAverage()}${cpuPressure()}\n`);
    process.stdout.write(`${'scenario'.padEnd(44)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'max'.padStart(7)}  (ms, ${REQUESTS} requests)\n`);
    const goal = GOALS_P95_MS[driver];
    for (const [name, urls, target] of [
      ['GET /api/organizacion (floor)', ['/api/organizacion'], undefined],
      ['GET /api/avisos/{id}/coincidencias', ids.map((id) => `/api/avisos/${id}/coincidencias`), goal],
    ] as const) {
      const times = await measure(app, cookie, [...urls]);
      const p95 = percentile(times, 95);
      const verdict = target === undefined ? '' : p95 <= target ? `  goal ${target} ms: met` : `  goal ${target} ms: MISSED`;
      if (target !== undefined && p95 > target) ok = false;
      process.stdout.write(
        `${name.padEnd(44)} ${percentile(times, 50).toFixed(1).padStart(7)} ${p95.toFixed(1).padStart(7)} ${times.at(-1)!.toFixed(1).padStart(7)}${verdict}\n`,
      );
    }
  } finally {
    if (app) await app.close();
    else await database.close();
    await drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return ok;
}

let allMet = true;
for (const driver of driversToRun()) allMet = (await run(driver)) && allMet;
process.exitCode = allMet ? 0 : 1;
