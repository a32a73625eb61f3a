import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { requestBudget } from '../db/schema';

/** One counter to add to: `by` requests on `key`, which lives until `expiresAt` (epoch ms). */
export interface BudgetIncrement {
  key: string;
  by: number;
  expiresAt: number;
}

/** Where the budgets' counters are shared by every instance: the database, or Redis when REDIS_URL is set. */
export interface BudgetStore {
  readonly kind: 'database' | 'redis';
  /** Adds every increment atomically per key and returns each key's new total. */
  add(increments: BudgetIncrement[]): Promise<Map<string, number>>;
  /** Forgets expired counters (Redis expires them by itself). */
  sweep(): Promise<void>;
  close(): Promise<void>;
}

/** The counters as rows of `request_budget`, one multi-row upsert per batch. */
export function createDatabaseBudgetStore(db: Database): BudgetStore {
  return {
    kind: 'database',
    async add(increments) {
      if (increments.length === 0) return new Map();
      // Sorted keys: two instances flushing the same keys lock the rows in the same order (no deadlock).
      const rows = [...increments]
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
        .map((i) => ({ key: i.key, count: i.by, expiresAt: new Date(i.expiresAt) }));
      const totals = await db
        .insert(requestBudget)
        .values(rows)
        .onConflictDoUpdate({ target: requestBudget.key, set: { count: sql`${requestBudget.count} + excluded.count` } })
        .returning({ key: requestBudget.key, count: requestBudget.count });
      return new Map(totals.map((t) => [t.key, t.count]));
    },
    async sweep() {
      await db.delete(requestBudget).where(lt(requestBudget.expiresAt, new Date()));
    },
    async close() {
      // The database belongs to the app.
    },
  };
}

/** The counters as Redis keys: INCRBY + PEXPIREAT for every key, in one pipelined transaction per batch. */
export async function createRedisBudgetStore(url: string, onError: (error: unknown) => void): Promise<BudgetStore> {
  // Loaded only when REDIS_URL is set.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    // A budget check never waits for a reconnection: it fails, and the caller falls back to local counting.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    lazyConnect: false,
    keyPrefix: 'refugio:budget:',
  });
  redis.on('error', onError);
  return {
    kind: 'redis',
    async add(increments) {
      if (increments.length === 0) return new Map();
      const tx = redis.multi();
      for (const i of increments) tx.incrby(i.key, i.by).pexpireat(i.key, i.expiresAt);
      const results = await tx.exec();
      if (!results) throw new Error('Redis discarded the budget transaction');
      const totals = new Map<string, number>();
      increments.forEach((i, n) => {
        const [error, value] = results[n * 2] ?? [new Error('missing reply'), null];
        if (error) throw error;
        totals.set(i.key, Number(value));
      });
      return totals;
    },
    async sweep() {
      // Keys expire by themselves (PEXPIREAT).
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
