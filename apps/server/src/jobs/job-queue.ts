import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import { type Clock, systemClock } from '../lib/clock';
import { DEFAULT_LEASE_MS, DEFAULT_MAX_ATTEMPTS, type JobDefinition, defineJob, periodKey, retryDelayMs } from './define-job';
import { type JobRow, createJobStore, insertJob } from './job-store';

export interface JobQueueOptions {
  db: Database;
  log: FastifyBaseLogger;
  clock?: Clock;
  /** How often a started queue looks for due jobs (default 2 s). */
  pollMs?: number;
  /** Finished jobs are forgotten after this long (default 7 days); failed ones stay until retried. */
  keepDoneMs?: number;
}

export interface EnqueueOptions {
  /** A transaction (or any database handle): the job is created with the change it belongs to. */
  tx?: Pick<Database, 'insert'>;
  runAt?: Date;
  /** Enqueues at most once per key. */
  uniqueKey?: string;
}

export interface FailedJob {
  id: number;
  name: string;
  title: string;
  attempts: number;
  error: string;
  failedAt: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The durable job queue (DESIGN section 9) over the `job` table: definitions registered once, `enqueue` (inside
 * the caller's transaction when given one), and a worker that, once started, enqueues each scheduled job once per
 * period and runs due jobs one at a time, outside any transaction.
 */
export function createJobQueue({ db, log, clock = systemClock, pollMs = 2000, keepDoneMs = 7 * DAY_MS }: JobQueueOptions) {
  const store = createJobStore(db);
  const definitions = new Map<string, JobDefinition<never>>();
  const worker = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const enqueuedPeriod = new Map<string, string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopping = false;

  function define<P>(definition: JobDefinition<P>): JobDefinition<P> {
    if (definitions.has(definition.name)) throw new Error(`job ${definition.name} is defined twice`);
    definitions.set(definition.name, definition as unknown as JobDefinition<never>);
    return definition;
  }

  async function enqueue<P>(definition: JobDefinition<P>, payload: P, options: EnqueueOptions = {}): Promise<number | undefined> {
    if (definitions.get(definition.name) !== (definition as unknown)) throw new Error(`job ${definition.name} is not registered`);
    return insertJob(options.tx ?? db, {
      name: definition.name,
      payload: definition.payload.parse(payload),
      maxAttempts: definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      runAt: options.runAt ?? clock.now(),
      uniqueKey: options.uniqueKey,
    });
  }

  /** Enqueues each scheduled job for the current period, once per period per instance (the unique key does the rest). */
  async function enqueueScheduled(): Promise<void> {
    const now = clock.now();
    for (const definition of definitions.values()) {
      if (!definition.every) continue;
      const key = periodKey(definition, now);
      if (enqueuedPeriod.get(definition.name) === key) continue;
      await insertJob(db, {
        name: definition.name,
        payload: {},
        maxAttempts: definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        runAt: now,
        uniqueKey: key,
      });
      enqueuedPeriod.set(definition.name, key);
    }
  }

  async function runOne(row: JobRow, definition: JobDefinition<never>): Promise<void> {
    const leaseMs = definition.leaseMs ?? DEFAULT_LEASE_MS;
    const renewal = setInterval(() => {
      store
        .renew(row.id, worker, new Date(clock.now().getTime() + leaseMs))
        .catch((error: unknown) => log.warn({ err: error, job: row.id }, 'could not renew a job lease'));
    }, leaseMs / 3);
    renewal.unref();
    try {
      if (row.attempts > row.maxAttempts) throw new Error('El trabajo se interrumpió en cada intento.');
      const payload = definition.payload.parse(row.payload);
      await definition.handler(payload, { jobId: row.id, attempt: row.attempts, now: clock.now() });
      clearInterval(renewal);
      await store.complete(row.id, worker, clock.now());
    } catch (error) {
      clearInterval(renewal);
      const message = (
        error instanceof z.ZodError ? `Datos del trabajo no válidos: ${error.message}` : error instanceof Error ? error.message : String(error)
      ).slice(0, 2000);
      const now = clock.now();
      const last = row.attempts >= row.maxAttempts;
      log.warn({ err: error, job: row.id, name: row.name, attempt: row.attempts }, last ? 'job failed for good' : 'job failed; it will be retried');
      await store.fail(row.id, worker, now, message, last ? undefined : new Date(now.getTime() + retryDelayMs(definition, row.attempts)));
    }
  }

  /** Runs due jobs one after another until none is due; returns how many ran. */
  async function runDue(): Promise<number> {
    let ran = 0;
    const names = [...definitions.keys()];
    const leaseOf = (name: string) => definitions.get(name)?.leaseMs ?? DEFAULT_LEASE_MS;
    while (!stopping) {
      const row = await store.claim(names, worker, clock.now(), leaseOf);
      if (!row) break;
      await runOne(row, definitions.get(row.name)!);
      ran++;
    }
    return ran;
  }

  async function tick(): Promise<void> {
    try {
      await enqueueScheduled();
      await runDue();
    } catch (error) {
      log.warn({ err: error }, 'the job worker could not look for jobs');
    }
  }

  define(defineJob({
    name: 'jobs.forget-done',
    title: 'Limpieza de trabajos terminados',
    payload: z.object({}),
    every: DAY_MS,
    handler: async (_payload, { now }) => {
      const forgotten = await store.deleteDoneBefore(new Date(now.getTime() - keepDoneMs));
      if (forgotten > 0) log.info({ count: forgotten }, 'forgot finished jobs');
    },
  }));

  return {
    define,
    enqueue,
    runDue,
    /** Enqueues the scheduled jobs of the current period and runs what is due (what a started queue does every poll). */
    tick,
    /**
     * Starts the worker: a first tick after `firstAfterMs` (start-up and its first requests do not wait for the
     * jobs due meanwhile), then every `pollMs`, never two at once.
     */
    start({ firstAfterMs = 0 }: { firstAfterMs?: number } = {}): void {
      if (timer) return;
      stopping = false;
      const loop = () => {
        running = tick().finally(() => {
          running = undefined;
          if (!stopping) timer = setTimeout(loop, pollMs);
        });
      };
      timer = setTimeout(loop, firstAfterMs);
    },
    /** Stops taking jobs and waits for the one running, if any. */
    async stop(): Promise<void> {
      stopping = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
    /** Failed jobs for administrators: how many, and the latest `limit`. */
    async failed(limit = 20): Promise<{ total: number; items: FailedJob[] }> {
      const [total, rows] = await Promise.all([store.failedCount(), store.listFailed(limit)]);
      return {
        total,
        items: rows.map((r) => ({
          id: r.id,
          name: r.name,
          title: definitions.get(r.name)?.title ?? r.name,
          attempts: r.attempts,
          error: r.lastError ?? '',
          failedAt: r.finishedAt ?? r.updatedAt,
        })),
      };
    },
    /** Queues a failed job again; false when there is no failed job with that id. */
    retry: (id: number) => store.retryFailed(id, clock.now()),
    find: (id: number) => store.findById(id),
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
