/*
 * What each server test file pays before its first test (the set-up the suite repeats ~135 times per database):
 * importing the app's code, opening a fresh database (PGlite from the build's template; PostgreSQL created and
 * migrated, or copied from a migrated template database), building the app, and hashing the test users' passwords.
 *
 *   npm run bench:test-setup                    PGlite and PostgreSQL (BENCH_DATABASE_URL or the local default)
 * Options: --runs=5  --db=pglite|postgres|both
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { DEFAULT_POSTGRES_URL, intOption, loadAverage, median, option } from './support';

const RUNS = intOption('runs', 5);
const db = option('db') ?? 'both';

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await work();
  return [performance.now() - start, value];
}

function report(label: string, ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  console.log(
    `${label.padEnd(58)} median ${median(ms).toFixed(0).padStart(6)} ms  (${sorted[0]!.toFixed(0)}-${sorted.at(-1)!.toFixed(0)}, ${ms.length} runs)`,
  );
}

console.log(`Node ${process.version}, ${os.cpus().length} cores, load average before: ${loadAverage()}`);

const [importMs, { buildApp }] = await timed(() => import('../src/app'));
const { openDatabase } = await import('../src/db/client');
const { loadConfig } = await import('../src/config');
const { hashPassword, verifyPassword } = await import('../src/lib/password');
console.log(`${'first import of the app (src/app.ts and every module)'.padEnd(58)} ${importMs.toFixed(0).padStart(13)} ms`);

const hashes: number[] = [];
const verifies: number[] = [];
for (let i = 0; i < RUNS * 2; i++) {
  const [h, encoded] = await timed(() => hashPassword(`clave-${i}-segura`));
  hashes.push(h);
  verifies.push((await timed(() => verifyPassword({ hash: encoded, password: `clave-${i}-segura` })))[0]);
}
report('argon2id hash (production parameters)', hashes);
report('argon2id verify (production parameters)', verifies);

async function appOn(database: Awaited<ReturnType<typeof openDatabase>>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'refugio-setup-bench-'));
  const config = loadConfig({ PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const [ms, app] = await timed(() => buildApp({ config, database, logger: false, webDistDir: path.join(dataDir, 'no-web') }));
  await app.ready();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  return ms;
}

if (db === 'pglite' || db === 'both') {
  const open: number[] = [];
  const migrate: number[] = [];
  const build: number[] = [];
  const scratch: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const [o, database] = await timed(() => openDatabase({ driver: 'pglite', dataDir: undefined }));
    open.push(o);
    migrate.push((await timed(() => database.migrate()))[0]);
    build.push(await appOn(database));
    await database.close();
  }
  for (let i = 0; i < Math.min(RUNS, 2); i++) {
    const [ms] = await timed(async () => {
      const database = await openDatabase({ driver: 'pglite', dataDir: undefined, template: false });
      await database.migrate();
      await database.close();
    });
    scratch.push(ms);
  }
  report('PGlite: open from the build template', open);
  report('PGlite: migrate() on it (nothing to apply)', migrate);
  report('PGlite: buildApp + ready + close', build);
  report('PGlite: without template (initdb + every migration)', scratch);
}

if (db === 'postgres' || db === 'both') {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES_URL;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const urlOf = (name: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const created: string[] = [];
  const fresh: number[] = [];
  const copyWal: number[] = [];
  const copyFile: number[] = [];
  const build: number[] = [];
  const tag = `${process.pid}`;
  const template = `refugio_setup_bench_tpl_${tag}`;
  try {
    for (let i = 0; i < RUNS; i++) {
      const name = i === 0 ? template : `refugio_setup_bench_${tag}_m${i}`;
      created.push(name);
      const [ms] = await timed(async () => {
        await admin.query(`CREATE DATABASE ${name}`);
        const database = await openDatabase({ driver: 'postgres', url: urlOf(name), poolSize: 4 });
        await database.migrate();
        if (i > 0) build.push(await appOn(database));
        await database.close();
      });
      fresh.push(ms);
    }
    for (const [strategy, into] of [
      ['WAL_LOG', copyWal],
      ['FILE_COPY', copyFile],
    ] as const) {
      for (let i = 0; i < RUNS; i++) {
        const name = `refugio_setup_bench_${tag}_${strategy.toLowerCase()}${i}`;
        created.push(name);
        const [ms] = await timed(async () => {
          await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY ${strategy}`);
          const database = await openDatabase({ driver: 'postgres', url: urlOf(name), poolSize: 4 });
          await database.migrate();
          await database.close();
        });
        into.push(ms);
      }
    }
  } finally {
    for (const name of created.reverse()) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  report('PostgreSQL: CREATE DATABASE + every migration', fresh);
  report('PostgreSQL: CREATE DATABASE ... TEMPLATE (WAL_LOG) + migrate()', copyWal);
  report('PostgreSQL: CREATE DATABASE ... TEMPLATE (FILE_COPY) + migrate()', copyFile);
  report('PostgreSQL: buildApp + ready + close', build);
}
console.log(`load average after: ${loadAverage()}`);
