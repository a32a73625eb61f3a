import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { job } from '../db/schema';

export type JobRow = typeof job.$inferSelect;

export interface NewJob {
  name: string;
  payload: unknown;
  maxAttempts: number;
  runAt: Date;
  /** An enqueue with a key already used is ignored (a scheduled job's period). */
  uniqueKey?: string | undefined;
}

/**
 * Adds a job. Given a transaction, the job exists exactly when the transaction commits: the change and the work
 * it asks for are one. Returns the job's id, or undefined when `uniqueKey` was taken.
 */
export async function insertJob(db: Pick<Database, 'insert'>, values: NewJob): Promise<number | undefined> {
  const [row] = await db
    .insert(job)
    .values({ ...values, payload: values.payload ?? {}, uniqueKey: values.uniqueKey ?? null, updatedAt: values.runAt })
    .onConflictDoNothing()
    .returning({ id: job.id });
  return row?.id;
}

/** The job table's queries (src/jobs/ is the only code that reads or writes it). */
export function createJobStore(db: Database) {
  return {
    /**
     * Takes the next job of `names` whose time has come, or one whose worker's lease ran out, and holds it for
     * `leaseMs`: one statement, so no transaction stays open while the job runs. SKIP LOCKED: two workers never
     * take the same row, and neither waits for the other.
     */
    async claim(names: string[], worker: string, now: Date, leaseMs: (name: string) => number): Promise<JobRow | undefined> {
      if (names.length === 0) return undefined;
      const at = now.toISOString();
      const leases = sql.join(
        names.map((n) => sql`WHEN ${n} THEN ${leaseMs(n)}::int`),
        sql` `,
      );
      const result: unknown = await db.execute(sql`
        UPDATE ${job} SET state = 'running', attempts = attempts + 1, locked_by = ${worker}, updated_at = ${at}::timestamptz,
               locked_until = ${at}::timestamptz + make_interval(secs => (CASE name ${leases} END) / 1000.0)
         WHERE id = (
           SELECT id FROM ${job}
            WHERE name IN (${sql.join(
              names.map((n) => sql`${n}`),
              sql`, `,
            )})
              AND ((state = 'queued' AND run_at <= ${at}::timestamptz) OR (state = 'running' AND locked_until < ${at}::timestamptz))
            ORDER BY run_at, id
            LIMIT 1
            FOR UPDATE SKIP LOCKED)
        RETURNING id, name, payload, attempts, max_attempts AS "maxAttempts"`);
      const row = (result as { rows: Pick<JobRow, 'id' | 'name' | 'payload' | 'attempts' | 'maxAttempts'>[] }).rows[0];
      return row ? ({ ...row, id: Number(row.id) } as JobRow) : undefined;
    },

    /** Renews the lease of a job this worker still holds; false when it no longer does. */
    async renew(id: number, worker: string, until: Date): Promise<boolean> {
      const rows = await db
        .update(job)
        .set({ lockedUntil: until })
        .where(and(eq(job.id, id), eq(job.lockedBy, worker), eq(job.state, 'running')))
        .returning({ id: job.id });
      return rows.length > 0;
    },

    async complete(id: number, worker: string, now: Date): Promise<void> {
      await db
        .update(job)
        .set({ state: 'done', lockedUntil: null, finishedAt: now, updatedAt: now, lastError: null })
        .where(and(eq(job.id, id), eq(job.lockedBy, worker), eq(job.state, 'running')));
    },

    /** A failed run: queued again at `retryAt`, or `failed` for good when `retryAt` is undefined. */
    async fail(id: number, worker: string, now: Date, error: string, retryAt: Date | undefined): Promise<void> {
      await db
        .update(job)
        .set(
          retryAt
            ? { state: 'queued', runAt: retryAt, lockedUntil: null, lastError: error, updatedAt: now }
            : { state: 'failed', lockedUntil: null, lastError: error, finishedAt: now, updatedAt: now },
        )
        .where(and(eq(job.id, id), eq(job.lockedBy, worker), eq(job.state, 'running')));
    },

    async failedCount(): Promise<number> {
      const result: unknown = await db.execute(sql`SELECT count(*)::int AS n FROM ${job} WHERE state = 'failed'`);
      return Number((result as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    },

    /** The most recent failed jobs. */
    async listFailed(limit: number): Promise<JobRow[]> {
      return db.select().from(job).where(eq(job.state, 'failed')).orderBy(desc(job.updatedAt), desc(job.id)).limit(limit);
    },

    /** Queues a failed job again with a fresh count of attempts; false when it is not a failed job. */
    async retryFailed(id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(job)
        .set({ state: 'queued', attempts: 0, runAt: now, finishedAt: null, updatedAt: now })
        .where(and(eq(job.id, id), eq(job.state, 'failed')))
        .returning({ id: job.id });
      return rows.length > 0;
    },

    /** Forgets finished jobs older than `before` (failed ones stay until retried). */
    async deleteDoneBefore(before: Date): Promise<number> {
      const rows = await db
        .delete(job)
        .where(and(eq(job.state, 'done'), sql`${job.finishedAt} < ${before.toISOString()}::timestamptz`))
        .returning({ id: job.id });
      return rows.length;
    },

    async findById(id: number): Promise<JobRow | undefined> {
      const [row] = await db.select().from(job).where(eq(job.id, id));
      return row;
    },
  };
}

export type JobStore = ReturnType<typeof createJobStore>;
