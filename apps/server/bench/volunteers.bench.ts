/*
 * Volunteers benchmark (DESIGN section 17): seeds 300 volunteers and 2 000 shifts a month over a year (six months back,
 * six ahead), each with two to four places mostly taken, builds the real app (`buildApp`) with a signed-in staff user,
 * and times the staff calendar's week (`GET /api/turnos?desde=&hasta=`, about 460 shifts with their people), the
 * volunteer's page (`GET /api/voluntariado/{token}`, eight weeks) and "Pendientes", with `app.inject` (the server's
 * own time, no network).
 *
 *   npm run bench:volunteers                     PGlite in memory (default)
 *   npm run bench:volunteers -- --db=both        PGlite, then PostgreSQL (BENCH_DATABASE_URL or the local default)
 * Options: --db=pglite|postgres|both  --volunteers=300  --shifts-per-month=2000  --requests=200  --warmup=20
 *          --explain (prints the plan of the week's read)
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

const GOAL_P95_MS = 150;
const PUBLIC_URL = 'http://localhost:3000';
const VOLUNTEERS = intOption('volunteers', 300);
const PER_MONTH = intOption('shifts-per-month', 2000);
const REQUESTS = intOption('requests', 200);
const WARMUP = intOption('warmup', 20);

const h = (k: number) => `(hashint4(g.i * 16 + ${k})::bigint & 2147483647)`;

async function seed(database: Awaited<ReturnType<typeof openBenchDatabase>>['database']): Promise<number> {
  const shifts = PER_MONTH * 12;
  await rawQuery(
    database,
    `INSERT INTO person (nombre, apellidos, email, roles)
     SELECT 'Voluntaria ' || g.i, 'Bench', 'v' || g.i || '@example.com', '["voluntario"]'::jsonb FROM generate_series(1, ${VOLUNTEERS}) AS g(i)`,
  );
  const first = Number((await rawQuery(database, 'SELECT min(id) AS id FROM person'))[0]!.id);
  // Shifts spread evenly over the year, from 8:00 to 20:00, two hours long.
  await rawQuery(
    database,
    `INSERT INTO shift (tarea, inicio, fin, dia, plazas, lugar)
     SELECT (ARRAY['Paseos', 'Limpieza', 'Comida', 'Feria', 'Transporte'])[1 + ${h(1)} % 5],
       t.inicio, t.inicio + interval '2 hours', (t.inicio AT TIME ZONE 'Europe/Madrid')::date, 2 + ${h(2)} % 3, 'Refugio'
     FROM generate_series(1, ${shifts}) AS g(i),
     LATERAL (SELECT date_trunc('day', now()) - interval '182 days' + (g.i * (365.0 / ${shifts})) * interval '1 day'
                      + (8 + ${h(3)} % 12) * interval '1 hour' AS inicio) t`,
  );
  // About 70% of the places taken, by different volunteers on each shift; past ones attended.
  await rawQuery(
    database,
    `INSERT INTO shift_signup (turno_id, persona_id, estado, minutos)
     SELECT s.id, ${first} + ((s.id * 7 + k * 101) % ${VOLUNTEERS}),
       CASE WHEN s.inicio < now() THEN 'asistio' ELSE 'apuntado' END, CASE WHEN s.inicio < now() THEN 120 END
     FROM shift s, generate_series(0, 3) AS k
     WHERE k < s.plazas AND (hashint4(s.id * 8 + k) & 2147483647) % 10 < 7
     ON CONFLICT DO NOTHING`,
  );
  await rawQuery(database, 'ANALYZE');
  return shifts;
}

async function get(app: FastifyInstance, cookie: string, url: string) {
  const res = await app.inject({ method: 'GET', url, headers: { cookie }, remoteAddress: nextRemoteAddress() });
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
  return res;
}

async function measure(app: FastifyInstance, cookie: string, url: string): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await get(app, cookie, url);
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    await get(app, cookie, url);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

function monday(): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

async function run(driver: Driver): Promise<boolean> {
  const { database, label, drop } = await openBenchDatabase(driver);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'refugio-bench-'));
  let app: FastifyInstance | undefined;
  let ok = true;
  try {
    process.stdout.write(`\n=== ${label}\n`);
    const seedStart = performance.now();
    const shifts = await seed(database);
    const signups = Number((await rawQuery(database, 'SELECT count(*) AS n FROM shift_signup'))[0]!.n);
    process.stdout.write(
      `seeded ${VOLUNTEERS} volunteers, ${shifts} shifts, ${signups} sign-ups in ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`,
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
    const first = Number((await rawQuery(database, 'SELECT min(id) AS id FROM person'))[0]!.id);
    // One link per scenario: a link answers VOLUNTEER_LIMITS.requestsPerHour requests an hour, fewer than one scenario.
    const tokenOf = async (personaId: number) => {
      const link = await app!.inject({
        method: 'POST',
        url: `/api/personas/${personaId}/voluntariado/enlace`,
        headers: { cookie, origin: PUBLIC_URL },
      });
      return link.json<{ url: string }>().url.split('/voluntariado/')[1]!;
    };
    const token = await tokenOf(first);
    const token2 = await tokenOf(first + 1);
    const from = monday();
    const to = new Date(Date.parse(`${from}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
    const week = (await get(app, cookie, `/api/turnos?desde=${from}&hasta=${to}`)).json<{ items: unknown[] }>();
    process.stdout.write(`a week holds ${week.items.length} shifts\n`);
    if (process.argv.includes('--explain')) {
      // The week's one read as the repository writes it (volunteers.repository.ts: shiftsWithPeopleBetween).
      const range = `s.inicio >= '${from}T00:00:00+01' AND s.inicio < '${to}T23:59:59+01'`;
      for (const query of [
        `SELECT coalesce(json_agg(json_build_array(s.id, s.tarea, s.inicio, s.fin, s.plazas, s.lugar, s.notas, s.plantilla_id,
           (SELECT coalesce(json_agg(json_build_array(ss.persona_id, ss.estado, ss.minutos, p.nombre, p.apellidos) ORDER BY ss.id), '[]')
              FROM shift_signup ss JOIN person p ON p.id = ss.persona_id WHERE ss.turno_id = s.id AND ss.estado <> 'cancelado')
         ) ORDER BY s.inicio, s.id), '[]')::text FROM shift s WHERE ${range}`,
      ]) {
        const plan = await rawQuery(database, `EXPLAIN (ANALYZE, BUFFERS) ${query}`);
        process.stdout.write(`${plan.map((r) => String(Object.values(r)[0])).join('\n')}\n\n`);
      }
    }
    process.stdout.write(`Node ${process.version}, ${os.cpus().length} CPUs, load average ${loadAverage()}${cpuPressure()}\n`);
    process.stdout.write(`${'scenario'.padEnd(44)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'max'.padStart(7)}  (ms, ${REQUESTS} requests)\n`);
    for (const [name, url, goal] of [
      ['GET /api/organizacion (floor)', '/api/organizacion', undefined],
      ['GET /api/turnos (the week)', `/api/turnos?desde=${from}&hasta=${to}`, GOAL_P95_MS],
      ['GET /api/voluntariado/{token} (a week)', `/api/voluntariado/${token}`, undefined],
      ['GET /api/voluntariado/{token}?semana=3', `/api/voluntariado/${token2}?semana=3`, undefined],
      ['GET /api/pendientes', '/api/pendientes', undefined],
    ] as const) {
      const times = await measure(app, cookie, url);
      const p95 = percentile(times, 95);
      const verdict = goal === undefined ? '' : p95 <= goal ? `  goal ${goal} ms: met` : `  goal ${goal} ms: MISSED`;
      if (goal !== undefined && p95 > goal) ok = false;
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
