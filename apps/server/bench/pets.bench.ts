/*
 * Pets list / detail benchmark: seeds N pets (100 000 by default) with set-based SQL, builds the real app
 * (`buildApp`) on that database with a signed-in staff user, and times requests with `app.inject`, i.e. the
 * server's own time (routing, session lookup, validation, SQL, serialization) without any network.
 *
 *   npm run bench:pets                                   PGlite in memory (default)
 *   BENCH_DATABASE_URL=postgres://... npm run bench:pets PostgreSQL: a throwaway database on that server
 *   npm run bench:pets -- --db=both                      PGlite, then PostgreSQL (BENCH_DATABASE_URL or
 *                                                        postgres://postgres@127.0.0.1:5432/postgres)
 * Options: --db=pglite|postgres|both  --rows=100000  --requests=300  --warmup=50  --budget=8 (seconds of
 * measuring per scenario at most; a slow scenario reports fewer samples, never fewer than 30)  --vacuum (VACUUM
 * ANALYZE instead of ANALYZE after seeding)  --explain=all (EXPLAIN every scenario, not only the main one and misses)
 * --what-if (then add candidate indexes to the throwaway database, VACUUM ANALYZE, and measure again).
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

const GOAL_P95_MS = 20;
const PUBLIC_URL = 'http://localhost:3000';

const ROWS = intOption('rows', 100_000);
const REQUESTS = intOption('requests', 300);
const WARMUP = intOption('warmup', 50);
const VACUUM = option('vacuum') === 'true';
const EXPLAIN_ALL = option('explain') === 'all';
const WHAT_IF = option('what-if') === 'true';
/** Per-scenario time limits: a scenario that is far off its goal reports fewer samples rather than a 10-minute run. */
const SCENARIO_BUDGET_MS = intOption('budget', 8) * 1000;
const WARMUP_BUDGET_MS = 2000;

/* ------------------------------------------------------------------ seed */

const NAMES = [
  'Luna',
  'Max',
  'Rocky',
  'Nala',
  'Simba',
  'Lola',
  'Toby',
  'Kira',
  'Coco',
  'Bruno',
  'Canela',
  'Thor',
  'Maya',
  'Chispa',
  'Lucas',
  'Mía',
  'Zeus',
  'Frida',
  'Rayo',
  'Nieve',
  'Pancho',
  'Perla',
  'Tango',
  'Lupe',
  'Olivia',
  'Pirata',
  'Bombón',
  'Sombra',
  'Trueno',
  'Galleta',
  'Churro',
  'Pimienta',
  'Niebla',
  'Copito',
  'Manchas',
  'Tita',
  'Brisa',
  'Duque',
  'Reina',
  'Pelusa',
  'Bigotes',
  'Osa',
  'Negrita',
  'Tofu',
  'Paco',
  'Chula',
  'Rubio',
  'Gordo',
  'Greta',
  'Curro',
];

const STORY_FRAGMENTS = [
  'Llegó al refugio tras ser encontrado en una gasolinera.',
  'Vivía en la calle y se acercaba a los bares a pedir comida.',
  'Su familia anterior no podía cuidarlo por una mudanza.',
  'Lo rescataron de una finca abandonada junto a sus hermanos.',
  'Apareció atado a un árbol en el parque del barrio.',
  'Fue entregado por un particular que lo encontró en la carretera.',
  'Pasó sus primeros meses en una perrera municipal.',
  'Los voluntarios lo recogieron desnutrido y con miedo.',
  'Se recuperó de una fractura en la pata trasera.',
  'Convivió con otros animales en una casa de acogida.',
  'Le encanta pasear por el campo y revolcarse en la hierba.',
  'Duerme a los pies de la cama si le dejas.',
  'Ha aprendido a sentarse y a dar la pata.',
  'Se lleva bien con niños y con otros animales.',
  'Prefiere una casa tranquila, sin demasiado ruido.',
  'Necesita una familia con paciencia para ganar confianza.',
  'Está vacunado, desparasitado y con microchip.',
  'Está esterilizado y en perfecto estado de salud.',
  'Disfruta de las caricias detrás de las orejas.',
  'Sabe hacer sus necesidades en la calle.',
  'Tiene miedo a los petardos y a las tormentas.',
  'Le gusta jugar con pelotas y cuerdas.',
  'Es ideal para un piso con terraza.',
  'Busca un hogar donde pasar el resto de su vida.',
  'Fue rescatado durante una ola de calor en agosto.',
  'Llegó con una infección de ojos que ya está curada.',
  'En el refugio es el favorito de los voluntarios.',
  'Come pienso de adulto y algún premio de vez en cuando.',
  'Viaja bien en coche y no se marea.',
  'Se asusta con las personas desconocidas al principio.',
];

const PERSONALITIES = [
  'cariñoso',
  'juguetón',
  'tranquilo',
  'tímido',
  'curioso',
  'activo',
  'obediente',
  'sociable',
  'independiente',
  'dormilón',
  'protector',
  'alegre',
  'glotón',
  'leal',
  'nervioso',
  'mimoso',
  'listo',
  'paciente',
  'travieso',
  'noble',
];

const TAGS = [
  'cachorro',
  'senior',
  'tranquilo',
  'activo',
  'niños',
  'gatos',
  'perros',
  'piso',
  'jardín',
  'paseos',
  'sociable',
  'tímido',
  'vacunado',
  'esterilizado',
  'microchip',
  'urgente',
  'mimoso',
  'guardián',
  'juguetón',
  'leishmania',
  'sordo',
  'trípode',
  'acogida',
  'especial',
  'deportista',
];

/** In ~1% of the stories (hash % 100 = 0): the word of the searched scenarios. */
const RARE_FRAGMENT = 'Apareció tiritando en la escollera del puerto.';
const RARE_WORD = 'escollera';
/** In ~14% of the pets (3 of 20 personality words, searched without its ñ: the search folds accents). */
const COMMON_WORD = 'carinoso';
const TAG = 'urgente';

function sqlArray(values: string[]): string {
  return `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]::text[]`;
}

/**
 * One INSERT ... SELECT over generate_series. Every choice comes from hashint4(i * 16 + k): deterministic,
 * well spread, and the same on PGlite and PostgreSQL.
 */
function seedSql(rows: number): string {
  return `
WITH v AS (
  SELECT ${sqlArray(NAMES)} AS names, ${sqlArray(STORY_FRAGMENTS)} AS stories,
         ${sqlArray(PERSONALITIES)} AS traits, ${sqlArray(TAGS)} AS tags
), s AS (
  SELECT g.i,
         ${Array.from({ length: 14 }, (_, k) => `(hashint4(g.i * 16 + ${k})::bigint & 2147483647) AS h${k}`).join(',\n         ')}
  FROM generate_series(1, ${rows}) AS g(i)
), r AS (
  SELECT s.*, now() - (s.h11 % 1095) * interval '1 day' - (s.h12 % 86400) * interval '1 second' AS created
  FROM s
)
INSERT INTO pet (nombre, edad, tipo, genero, tamano, fecha_ingreso, personalidad, historia, adoptado, discapacidad,
                 tags, estado, publicar_en, version, deleted_at, created_at, updated_at)
SELECT
  v.names[1 + r.h0 % 50],
  CASE WHEN r.h1 % 5 = 0 THEN (2 + r.h1 % 10) || ' meses' WHEN r.h1 % 14 = 0 THEN '1 año' ELSE (1 + r.h1 % 14) || ' años' END,
  CASE WHEN r.h2 % 100 < 55 THEN 'Perro' WHEN r.h2 % 100 < 90 THEN 'Gato' ELSE 'Conejo' END,
  CASE WHEN r.h3 % 2 = 0 THEN 'macho' ELSE 'hembra' END,
  (ARRAY['chico', 'mediano', 'grande'])[1 + r.h4 % 3],
  CASE WHEN r.h5 % 20 = 0 THEN NULL ELSE timestamp '2018-01-01' + (r.h5 % 2900) * interval '1 day' END,
  'Es ' || v.traits[1 + r.h6 % 20] || ', ' || v.traits[1 + (r.h6 + 1 + (r.h6 / 20) % 9) % 20]
        || ' y ' || v.traits[1 + (r.h6 + 10 + (r.h6 / 200) % 9) % 20] || '.',
  v.stories[1 + r.h7 % 30]
    || CASE WHEN r.h9 % 100 = 0 THEN ' ${RARE_FRAGMENT.replace(/'/g, "''")}' ELSE '' END
    || ' ' || v.stories[1 + (r.h7 + 1 + (r.h7 / 30) % 14) % 30]
    || CASE WHEN r.h8 % 3 = 0 THEN ' ' || v.stories[1 + (r.h7 + 15 + (r.h7 / 420) % 14) % 30] ELSE '' END,
  r.h10 % 100 < 30,
  r.h10 % 1000 >= 950,
  (SELECT jsonb_agg(v.tags[1 + (r.h13 + k * 7) % 25] ORDER BY k) FROM generate_series(0, (r.h13 / 25) % 4) AS k),
  CASE WHEN r.h8 % 100 < 70 THEN 'publicada' WHEN r.h8 % 100 < 90 THEN 'borrador' ELSE 'programada' END,
  CASE WHEN r.h8 % 100 >= 90 THEN now() + ((r.h12 % 60) - 20) * interval '1 day' END,
  1 + r.h11 % 4,
  CASE WHEN r.h9 % 50 = 1 THEN now() - (r.h12 % 90) * interval '1 day' END,
  r.created,
  LEAST(now(), r.created + (r.h1 % 200) * interval '1 day')
FROM r CROSS JOIN v`;
}

/**
 * The row triggers that keep the dashboard's counters (migration 0008): one plpgsql call per row, each updating one
 * of a few dozen counter rows, which in one 100 000-row statement leaves a chain of versions of the same rows to walk
 * on every next update (the seeding ran for over 20 minutes on PostgreSQL). They are switched off for the load and
 * the counters are then built in one statement each, as the migration does.
 */
const COUNTER_TRIGGERS = [
  ['pet', 'pet_count_maintain'],
  ['pet', 'pet_month_maintain'],
  ['adoption_request', 'request_count_maintain'],
] as const;

/**
 * Seeds with the secondary indexes of `pet` dropped and then rebuilt from their own definitions
 * (pg_get_indexdef): the same indexes the migrations made, three times faster to load than row by row.
 */
async function seed(database: DatabaseHandle, rows: number): Promise<void> {
  const indexes = await rawQuery(
    database,
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE i.indrelid = 'pet'::regclass AND NOT i.indisprimary
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
  );
  for (const [table, trigger] of COUNTER_TRIGGERS) await rawQuery(database, `ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`);
  for (const { name } of indexes) await rawQuery(database, `DROP INDEX "${String(name)}"`);
  await rawQuery(database, seedSql(rows));
  for (const { def } of indexes) await rawQuery(database, String(def));
  await rawQuery(database, ADOPTION_REQUESTS_SQL);
  for (const [table, trigger] of COUNTER_TRIGGERS) await rawQuery(database, `ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`);
  await rawQuery(database, 'DELETE FROM pet_count');
  await rawQuery(
    database,
    `INSERT INTO pet_count (tipo, tamano, estado, adoptado, n)
       SELECT tipo, tamano, estado, adoptado, count(*)::int FROM pet WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4`,
  );
  await rawQuery(database, `DELETE FROM request_count WHERE tabla = 'adoption_request'`);
  await rawQuery(
    database,
    `INSERT INTO request_count (tabla, estado, n)
       SELECT 'adoption_request', estado, count(*)::int FROM adoption_request GROUP BY estado`,
  );
  await rawQuery(database, 'SELECT refugio_rebuild_pet_month()');
  await rawQuery(database, 'ANALYZE adoption_request');
}

/**
 * Adoption requests, so that the list's open-request count per pet (a grouped count over the page's ids)
 * is measured against a realistic table: every other pet has one to three requests in mixed states.
 */
const ADOPTION_REQUESTS_SQL = `
INSERT INTO adoption_request (pet_id, estado, nombre, email, telefono, edad, ciudad, direccion, vivienda, vivienda_propia,
                              patio, personas_en_casa, ninos_en_casa, horas_solo, acepta_visita, acepta_privacidad)
SELECT p.id, (ARRAY['nueva', 'en_revision', 'aprobada', 'rechazada', 'retirada'])[1 + (hashint4(p.id * 7 + k)::bigint & 2147483647) % 5],
       'Persona ' || p.id || '-' || k, 'p' || p.id || '-' || k || '@example.com', '555 ' || p.id, 30, 'Ciudad', 'Calle 1', 'casa',
       true, true, 2, 0, 4, true, true
FROM pet p CROSS JOIN LATERAL generate_series(1, 1 + p.id % 3) AS k
WHERE p.id % 2 = 0`;

/**
 * --what-if: indexes that are NOT in the app's schema, added to the throwaway database to show what they
 * would change. The app's `ORDER BY updated_at DESC, id DESC` means NULLS FIRST, which the migration's
 * `pet_live_updated` / `pet_live_tipo` (DESC NULLS LAST) cannot serve in either direction.
 */
const WHAT_IF_DDL = [
  'CREATE INDEX bench_pet_live_updated_nf ON pet (updated_at DESC NULLS FIRST, id DESC NULLS FIRST) WHERE deleted_at IS NULL',
  'CREATE INDEX bench_pet_live_tipo_nf ON pet (tipo, updated_at DESC NULLS FIRST, id DESC NULLS FIRST) WHERE deleted_at IS NULL',
  'CREATE INDEX bench_pet_live_nombre ON pet (lower(nombre), id) WHERE deleted_at IS NULL',
  'VACUUM ANALYZE pet',
];

/* ------------------------------------------------------------------ app */

/* ------------------------------------------------------------------ measuring */

interface Scenario {
  name: string;
  /** A URL per request (index = request number, warm-up included). */
  url: (i: number) => string;
  extra?: string;
}

interface Result {
  scenario: Scenario;
  times: number[];
  /** Per request: wall time with a query in flight at the driver. */
  dbTimes: number[];
  /** `total` of the list answer (matches), or undefined for the detail scenario. */
  total: number | undefined;
  /** This process's CPU time (user + system) over the measured requests, per request: the server's work and the driver's. */
  cpuPerRequest: number;
}

async function inject(app: FastifyInstance, cookie: string, url: string) {
  return app.inject({ method: 'GET', url, headers: { cookie }, remoteAddress: nextRemoteAddress() });
}

/**
 * Counts the wall time during which at least one query is in flight at the driver (session lookup included;
 * the list's two queries run side by side on PostgreSQL, so they count once): the database's share of a request.
 */
function watchDriver(database: DatabaseHandle) {
  const client = rawClient(database);
  const original = client.query.bind(client);
  let inFlight = 0;
  let since = 0;
  let busy = 0;
  client.query = (query: unknown, params?: unknown[], ...rest: unknown[]) => {
    if (inFlight++ === 0) since = performance.now();
    return original(query, params, ...rest).finally(() => {
      if (--inFlight === 0) busy += performance.now() - since;
    });
  };
  return {
    take() {
      const value = busy;
      busy = 0;
      return value;
    },
    stop() {
      client.query = original;
    },
  };
}

async function measure(app: FastifyInstance, database: DatabaseHandle, cookie: string, scenario: Scenario): Promise<Result> {
  let total: number | undefined;
  const warmupEnd = performance.now() + WARMUP_BUDGET_MS;
  for (let i = 0; i < WARMUP && (i < 5 || performance.now() < warmupEnd); i++) {
    const res = await inject(app, cookie, scenario.url(i));
    if (res.statusCode !== 200) throw new Error(`${scenario.name}: ${scenario.url(i)} answered ${res.statusCode} ${res.body.slice(0, 300)}`);
    if (i === 0) total = res.json<{ total?: number }>().total;
  }
  const times: number[] = [];
  const dbTimes: number[] = [];
  const end = performance.now() + SCENARIO_BUDGET_MS;
  const driver = watchDriver(database);
  const cpuBefore = process.cpuUsage();
  try {
    // A slow scenario stops at its time budget (at least 30 samples) so that a run stays well under 5 minutes.
    for (let i = 0; i < REQUESTS && (i < 30 || performance.now() < end); i++) {
      const url = scenario.url(WARMUP + i);
      driver.take();
      const start = performance.now();
      const res = await inject(app, cookie, url);
      const elapsed = performance.now() - start;
      if (res.statusCode !== 200) throw new Error(`${scenario.name}: ${url} answered ${res.statusCode} ${res.body.slice(0, 300)}`);
      times.push(elapsed);
      dbTimes.push(driver.take());
    }
  } finally {
    driver.stop();
  }
  const cpu = process.cpuUsage(cpuBefore);
  return { scenario, times, dbTimes, total, cpuPerRequest: (cpu.user + cpu.system) / 1000 / times.length };
}

/** The SQL statements on `pet` that one request sends, captured at the driver (exact text and parameters). */
async function captureSql(app: FastifyInstance, database: DatabaseHandle, cookie: string, url: string) {
  const client = rawClient(database);
  const original = client.query.bind(client);
  const captured: { text: string; params: unknown[] }[] = [];
  client.query = (query: unknown, params?: unknown[], ...rest: unknown[]) => {
    const text = typeof query === 'string' ? query : (query as { text: string }).text;
    if (/from "pet"/i.test(text)) captured.push({ text, params: params ?? [] });
    return original(query, params, ...rest);
  };
  try {
    await inject(app, cookie, url);
  } finally {
    client.query = original;
  }
  return captured;
}

async function explain(app: FastifyInstance, database: DatabaseHandle, cookie: string, scenario: Scenario) {
  const url = scenario.url(0);
  const statements = await captureSql(app, database, cookie, url);
  process.stdout.write(`\n--- EXPLAIN ANALYZE: ${scenario.name}\n    GET ${url}\n`);
  for (const { text, params } of statements) {
    process.stdout.write(`\n  ${text}\n  params: ${JSON.stringify(params)}\n`);
    const rows = await rawQuery(database, `EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
    for (const row of rows) process.stdout.write(`    ${String(Object.values(row)[0])}\n`);
  }
}

/**
 * --what-if, second part: the list's exact `count(*)` against a capped one (count at most 1001 rows, as a UI
 * showing "más de 1000" would need), each the median of 5 runs of the captured statement at the driver.
 */
async function compareCounts(app: FastifyInstance, database: DatabaseHandle, cookie: string, scenarios: Scenario[]) {
  const timeIt = async (text: string, params: unknown[]) => {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      await rawQuery(database, text, params);
      times.push(performance.now() - start);
    }
    return percentile(
      times.sort((a, b) => a - b),
      50,
    );
  };
  process.stdout.write("\nThe list's count query, exact vs capped at 1001 rows (median of 5, at the driver, ms):\n");
  for (const scenario of scenarios) {
    const statements = await captureSql(app, database, cookie, scenario.url(0));
    const count = statements.find((st) => /^select count\(\*\) from "pet"/i.test(st.text));
    if (!count) continue;
    const capped = count.text.replace(
      /^select count\(\*\) from "pet" where (.*)$/is,
      'select count(*) from (select 1 from "pet" where $1 limit 1001) capped',
    );
    const exact = await timeIt(count.text, count.params);
    const cut = await timeIt(capped, count.params);
    process.stdout.write(`  ${scenario.name.padEnd(28)} exact ${fmt(exact).padStart(8)}   capped ${fmt(cut).padStart(8)}\n`);
  }
}

/* ------------------------------------------------------------------ report */

const fmt = (ms: number) => ms.toFixed(2);

function table(results: Result[]): string {
  const header = ['scenario', 'n', 'matches', 'min', 'p50', 'p95', 'p99', 'max', 'mean', 'db p50', 'p50/db', 'cpu/req', `p95<=${GOAL_P95_MS}`];
  const lines = results.map(({ scenario, times, dbTimes, total, cpuPerRequest }) => {
    const sorted = [...times].sort((a, b) => a - b);
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    const p95 = percentile(sorted, 95);
    const dbP50 = percentile(
      [...dbTimes].sort((a, b) => a - b),
      50,
    );
    return [
      scenario.name,
      String(times.length),
      total === undefined ? '-' : String(total),
      fmt(sorted[0] ?? Number.NaN),
      fmt(percentile(sorted, 50)),
      fmt(p95),
      fmt(percentile(sorted, 99)),
      fmt(sorted[sorted.length - 1] ?? Number.NaN),
      fmt(mean),
      fmt(dbP50),
      `${(percentile(sorted, 50) / dbP50).toFixed(2)}x`,
      fmt(cpuPerRequest),
      p95 <= GOAL_P95_MS ? 'ok' : 'MISS',
    ];
  });
  const widths = header.map((h, c) => Math.max(h.length, ...lines.map((l) => l[c]!.length)));
  const row = (cells: string[]) => cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  return [row(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(row)].join('\n');
}

/* ------------------------------------------------------------------ one run */

function missed(results: Result[]): string[] {
  return results
    .filter(
      (r) =>
        percentile(
          [...r.times].sort((a, b) => a - b),
          95,
        ) > GOAL_P95_MS,
    )
    .map((r) => r.scenario.name);
}

async function run(driver: Driver): Promise<{ driver: Driver; misses: string[]; whatIfMisses: string[] | undefined }> {
  const { database, label, drop } = await openBenchDatabase(driver);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'refugio-bench-'));
  const onSignal = () => void drop().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  let app: FastifyInstance | undefined;
  try {
    process.stdout.write(`\n=== ${label}\n`);
    const [versionRow] = await rawQuery(database, 'SELECT version() AS v');

    let t = performance.now();
    await seed(database, ROWS);
    const seedMs = performance.now() - t;
    t = performance.now();
    await rawQuery(database, VACUUM ? 'VACUUM ANALYZE pet' : 'ANALYZE pet');
    const analyzeMs = performance.now() - t;
    const [counts] = await rawQuery(
      database,
      `SELECT count(*)::int AS rows, count(*) FILTER (WHERE deleted_at IS NULL)::int AS live,
              count(*) FILTER (WHERE deleted_at IS NULL AND search_text LIKE '%' || refugio_fold($1) || '%')::int AS rare,
              count(*) FILTER (WHERE deleted_at IS NULL AND search_text LIKE '%' || refugio_fold($2) || '%')::int AS common,
              pg_size_pretty(pg_total_relation_size('pet')) AS size
       FROM pet`,
      [RARE_WORD, COMMON_WORD],
    );
    process.stdout.write(
      `seeded ${String(counts?.rows)} pets (${String(counts?.live)} live, ${String(counts?.size)} with indexes) in ${(seedMs / 1000).toFixed(1)} s; ` +
        `${VACUUM ? 'VACUUM ANALYZE' : 'ANALYZE'} ${(analyzeMs / 1000).toFixed(1)} s\n` +
        `"${RARE_WORD}" in ${String(counts?.rare)} live pets, "${COMMON_WORD}" in ${String(counts?.common)}\n`,
    );

    const config = loadConfig({
      DATA_DIR: dataDir,
      PUBLIC_URL,
      LOG_LEVEL: 'silent',
      SIGN_IN_ATTEMPTS_PER_MINUTE: '1000',
      USER_REQUESTS_PER_MINUTE: '100000000',
      ANON_REQUESTS_PER_MINUTE: '100000000',
    });
    app = await buildApp({ config, database, logger: false, webDistDir: path.join(dataDir, 'no-web') });
    const cookie = await signInStaff(app, database, PUBLIC_URL);

    const liveIds = (await rawQuery(database, 'SELECT id FROM pet WHERE deleted_at IS NULL')).map((r) => Number(r.id));
    let state = 12345;
    const random = () => {
      // xorshift: the same id sequence on every run and driver.
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      return (state >>> 0) / 4_294_967_296;
    };
    const ids = Array.from({ length: WARMUP + REQUESTS }, () => liveIds[Math.floor(random() * liveIds.length)]!);

    const list = '/phpApi/mascotas';
    const scenarios: Scenario[] = [
      { name: 'search+filters (main)', url: () => `${list}?q=${RARE_WORD}&tipo=Perro&adoptado=0&page=1&pageSize=20` },
      { name: 'search only', url: () => `${list}?q=${RARE_WORD}&page=1&pageSize=20` },
      { name: 'filters only, sort=nombre', url: () => `${list}?tipo=Perro&adoptado=0&sort=nombre&order=asc&page=1&pageSize=20` },
      { name: 'tag filter', url: () => `${list}?tag=${TAG}&page=1&pageSize=20` },
      { name: 'unfiltered, page 50', url: () => `${list}?page=50&pageSize=20` },
      { name: 'search common word (~14%)', url: () => `${list}?q=${COMMON_WORD}&page=1&pageSize=20` },
      { name: 'GET /phpApi/mascota/{id}', url: (i) => `/phpApi/mascota/${ids[i]!}` },
    ];

    const results: Result[] = [];
    for (const scenario of scenarios) results.push(await measure(app, database, cookie, scenario));

    process.stdout.write(
      `\nConditions: ${label}; ${String(versionRow?.v).split(',')[0]}; ${String(counts?.rows)} pets; ` +
        `Node ${process.version}; ${os.cpus().length} CPU (${os.cpus()[0]?.model.trim() ?? '?'}); load average ${loadAverage()}${cpuPressure()}\n` +
        `Times are SERVER time measured around app.inject (no network, no sockets): routing, session lookup, validation, SQL,\n` +
        `serialization. "db p50": median wall time per request with a query in flight at the driver (session lookup included).\n` +
        `One request at a time; ${WARMUP} warm-up requests (at most ${WARMUP_BUDGET_MS / 1000} s) then ${REQUESTS} measured\n` +
        `per scenario (fewer when a scenario exceeds ${SCENARIO_BUDGET_MS / 1000} s); ms.\n\n`,
    );
    process.stdout.write(`${table(results)}\n`);

    const misses = missed(results);
    const toExplain = scenarios.filter((s, i) => i === 0 || EXPLAIN_ALL || misses.includes(s.name));
    for (const scenario of toExplain) await explain(app, database, cookie, scenario);

    let whatIfMisses: string[] | undefined;
    if (WHAT_IF) {
      process.stdout.write(`\n=== WHAT-IF (${driver}): the same scenarios after adding indexes that the app's schema does NOT have\n`);
      for (const ddl of WHAT_IF_DDL) {
        process.stdout.write(`  ${ddl}\n`);
        await rawQuery(database, ddl);
      }
      const again: Result[] = [];
      for (const scenario of scenarios) again.push(await measure(app, database, cookie, scenario));
      process.stdout.write(`\n${table(again)}\n`);
      whatIfMisses = missed(again);
      await compareCounts(app, database, cookie, scenarios);
      for (const scenario of scenarios.filter((s) => EXPLAIN_ALL || whatIfMisses?.includes(s.name))) await explain(app, database, cookie, scenario);
    }
    return { driver, misses, whatIfMisses };
  } finally {
    if (app) await app.close().catch(() => undefined);
    await drop().catch((error: unknown) => process.stderr.write(`could not drop the bench database: ${String(error)}\n`));
    process.removeListener('SIGINT', onSignal);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const drivers = driversToRun();
  const outcomes = [];
  for (const driver of drivers) outcomes.push(await run(driver));
  process.stdout.write('\n=== Summary\n');
  const verdict = (misses: string[]) =>
    misses.length === 0 ? `every scenario p95 <= ${GOAL_P95_MS} ms` : `p95 > ${GOAL_P95_MS} ms on: ${misses.join('; ')}`;
  for (const { driver, misses, whatIfMisses } of outcomes) {
    process.stdout.write(`${driver}: ${verdict(misses)}\n`);
    if (whatIfMisses) process.stdout.write(`${driver} what-if: ${verdict(whatIfMisses)}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
