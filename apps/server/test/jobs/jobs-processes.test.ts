import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';
import { job } from '../../src/db/schema';
import { createJobQueue } from '../../src/jobs/job-queue';
import { testJobDefinitions } from '../helpers/job-definitions-for-tests';
import { postgresUrlForTests } from '../helpers/postgres-for-tests';
import { type RunningServer, spawnServer } from '../helpers/server-process-support';
import { openThrowawayDatabase } from '../helpers/throwaway-database';

const worker = path.join(import.meta.dirname, '../helpers/job-worker-process.ts');
const silentLog = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Parameters<typeof createJobQueue>[0]['log'];
const postgres = await postgresUrlForTests();
const dirs: string[] = [];

function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'refugio-jobs-'));
  dirs.push(dir);
  return dir;
}

function startWorker(env: Record<string, string>): RunningServer {
  return spawnServer(['--import', 'tsx', worker], { ...process.env, ...env });
}

async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, running: RunningServer[] = []): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}\n${running.map((r) => r.output()).join('\n')}`);
}

function queueOver(database: DatabaseHandle) {
  const queue = createJobQueue({ db: database.db, log: silentLog });
  const ran: number[] = [];
  const [record] = testJobDefinitions({ record: async (id) => void ran.push(id), tick: async () => undefined }).map((d) => queue.define(d));
  return { queue, record: record!, ran };
}

async function killHard(running: RunningServer) {
  running.child.kill('SIGKILL');
  await running.exited;
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// Worker processes are started, killed and started again: the limits bound a hang on a busy machine.
describe.skipIf(!postgres)('jobs across processes on one PostgreSQL database', { timeout: 120_000 }, () => {
  it('two worker processes run every job exactly once, and a scheduled job once per period', async () => {
    const { database, name, drop } = await openThrowawayDatabase(postgres!, { prefix: 'refugio_jobs', poolSize: 2 });
    const url = new URL(postgres!);
    url.pathname = `/${name}`;
    const out = path.join(tempDir(), 'out.txt');
    writeFileSync(out, '');
    const workers: RunningServer[] = [];
    try {
      const { queue, record } = queueOver(database);
      const ids: number[] = [];
      for (let i = 0; i < 60; i++) ids.push((await queue.enqueue(record, {}))!);
      for (let i = 0; i < 2; i++) workers.push(startWorker({ DATABASE_URL: url.toString(), OUT_FILE: out }));
      await until(
        'every job done',
        async () => {
          const result = await database.db.execute(sql`SELECT count(*)::int AS n FROM job WHERE name = 'test.record' AND state = 'done'`);
          return (result as { rows: { n: number }[] }).rows[0]!.n === ids.length ? true : undefined;
        },
        workers,
      );
      // Let the scheduled job tick through a few periods on both.
      const ticksSeen = () =>
        readFileSync(out, 'utf8')
          .split('\n')
          .filter((l) => l.startsWith('tick '));
      await until('three periods', () => (new Set(ticksSeen()).size >= 3 ? true : undefined), workers);
      for (const w of workers) await killHard(w);
      const lines = readFileSync(out, 'utf8').split('\n').filter(Boolean);
      const recorded = lines.filter((l) => !l.startsWith('tick ')).map(Number);
      expect(recorded.sort((a, b) => a - b)).toEqual(ids);
      // One job per period (the unique key), each run once.
      const ticks = ticksSeen();
      expect(new Set(ticks).size).toBe(ticks.length);
      const periods = await database.db.execute(sql`SELECT count(*)::int AS n FROM job WHERE name = 'test.tick' AND state = 'done'`);
      expect(ticks.length).toBe((periods as { rows: { n: number }[] }).rows[0]!.n);
    } finally {
      for (const w of workers) if (w.child.exitCode === null) await killHard(w);
      await drop();
    }
  });
});

describe.each([
  ['PostgreSQL', !postgres],
  ['PGlite', false],
])('a job whose worker was killed with SIGKILL runs again (%s)', (driver, skip) => {
  it.skipIf(skip)('is taken again once its lease has run out', { timeout: 120_000 }, async () => {
    const dir = tempDir();
    const out = path.join(dir, 'out.txt');
    writeFileSync(out, '');
    let database: DatabaseHandle;
    let env: Record<string, string>;
    let drop = async () => undefined as unknown;
    if (driver === 'PostgreSQL') {
      const db = await openThrowawayDatabase(postgres!, { prefix: 'refugio_jobs', poolSize: 2 });
      const url = new URL(postgres!);
      url.pathname = `/${db.name}`;
      database = db.database;
      drop = db.drop;
      env = { DATABASE_URL: url.toString() };
    } else {
      // PGlite is one process's: the job is enqueued, the worker killed, and the database opened again after it.
      database = await openDatabase({ driver: 'pglite', dataDir: dir });
      await database.migrate();
      env = { PGLITE_DIR: dir };
    }
    try {
      const first = queueOver(database);
      const id = (await first.queue.enqueue(first.record, {}))!;
      if (driver === 'PGlite') await database.close();
      const hung = startWorker({ ...env, OUT_FILE: out, HANG: '1' });
      await until('the job to start', () => (hung.output().includes(`started ${id}`) ? true : undefined), [hung]);
      await killHard(hung);
      if (driver === 'PGlite') {
        database = await openDatabase({ driver: 'pglite', dataDir: dir });
        await database.migrate();
      }
      const [interrupted] = await database.db.select().from(job).where(eq(job.id, id));
      expect(interrupted).toMatchObject({ state: 'running', attempts: 1 });
      const second = queueOver(database);
      await until('the lease to run out', async () => {
        await second.queue.runDue();
        return second.ran.length > 0 ? true : undefined;
      });
      expect(second.ran).toEqual([id]);
      const [done] = await database.db.select().from(job).where(eq(job.id, id));
      expect(done).toMatchObject({ state: 'done', attempts: 2 });
    } finally {
      await database.close();
      await drop();
    }
  });
});
