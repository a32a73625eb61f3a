import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/*
 * Durable jobs (DESIGN section 9, src/jobs/): work that happens later or on a clock. A worker claims a `queued`
 * job whose time has come (FOR UPDATE SKIP LOCKED) and holds it under a lease it renews while it runs; a job
 * whose lease ran out (its worker died) is claimed again. A failed run is retried after a growing delay until
 * `maxAttempts`, then the job stays `failed`, visible to administrators. `uniqueKey` makes an enqueue happen
 * once (a scheduled job's period: `name@period start`).
 */
export const job = pgTable(
  'job',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    payload: jsonb().$type<unknown>().notNull().default({}),
    /** 'queued' | 'running' | 'done' | 'failed' */
    state: text().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull(),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** While `running`: the worker holds the job until then, and renews it while it works. */
    lockedUntil: timestamp({ withTimezone: true }),
    lockedBy: text(),
    lastError: text(),
    uniqueKey: text(),
    finishedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('job_unique_key').on(t.uniqueKey),
    // What a worker looks for: the next due queued job, or a running one whose lease ran out.
    index('job_claimable')
      .on(t.state, t.runAt)
      .where(sql`state IN ('queued', 'running')`),
    index('job_failed')
      .on(t.updatedAt)
      .where(sql`state = 'failed'`),
    check('job_state', sql`state IN ('queued', 'running', 'done', 'failed')`),
  ],
);
