import type { BudgetStore } from './budget-store';

/** What a budget says about one more request. */
export interface BudgetDecision {
  allowed: boolean;
  /** Whole seconds until the window that refused it ends (0 when allowed). */
  retryAfterSeconds: number;
}

/** A budget of `limit` requests per fixed window of `windowMs`; `limit` 0 turns it off. */
export interface BudgetRule {
  name: string;
  limit: number;
  windowMs: number;
}

interface Entry {
  /** The shared total the store returned at the last flush (every instance's requests). */
  known: number;
  /** Counted here since the last flush, not yet sent. */
  pending: number;
  /** Sent in the flush under way. */
  inFlight: number;
  windowEnd: number;
}

const ALLOWED: BudgetDecision = { allowed: true, retryAfterSeconds: 0 };

/**
 * Counts requests against fixed-window budgets shared through a `BudgetStore`.
 *
 * - `take` (the per-user and per-address budgets, on every request) decides locally, with no I/O: the shared
 *   total known at the last flush plus what this instance counted since. `flush` sends the local counts as one
 *   batch and learns the new totals; the plugin runs it every `syncIntervalMs`. So a caller spreading requests
 *   over N instances can get past its budget by at most what it sends to the other N - 1 instances within one
 *   sync interval (plus the first requests an instance sees before its first flush of a window).
 * - `consume` (the strict budgets: public submissions, AI calls) adds to the store for every request and
 *   decides on the shared total: exact on every instance, at the price of one round trip to the store.
 *
 * When the store fails, both fall back to counting in this instance alone (a caller is never refused because
 * Redis or the database is down), and the failure is reported to `onError`.
 */
export function createBudgetCounter(store: BudgetStore, options: { clock?: () => number; onError?: (error: unknown) => void } = {}) {
  const clock = options.clock ?? Date.now;
  const onError = options.onError ?? (() => undefined);
  const entries = new Map<string, Entry>();
  let flushing: Promise<void> | undefined;

  function windowOf(rule: BudgetRule, now: number) {
    const index = Math.floor(now / rule.windowMs);
    return { key: `${rule.name}:${index}`, windowEnd: (index + 1) * rule.windowMs };
  }

  function refused(windowEnd: number, now: number): BudgetDecision {
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)) };
  }

  function entryFor(key: string, windowEnd: number): Entry {
    let entry = entries.get(key);
    if (!entry) {
      entry = { known: 0, pending: 0, inFlight: 0, windowEnd };
      entries.set(key, entry);
    }
    return entry;
  }

  /** Counts one request of `subject` locally; refuses once the shared total plus local counts reach the limit. */
  function take(rule: BudgetRule, subject: string): BudgetDecision {
    if (rule.limit <= 0) return ALLOWED;
    const now = clock();
    const { key, windowEnd } = windowOf(rule, now);
    const entry = entryFor(`${key}:${subject}`, windowEnd);
    if (entry.known + entry.pending + entry.inFlight >= rule.limit) return refused(windowEnd, now);
    entry.pending += 1;
    return ALLOWED;
  }

  /** Whether `subject` has used up `rule` in this window (as `take` would decide), counting nothing. */
  function spent(rule: BudgetRule, subject: string): boolean {
    if (rule.limit <= 0) return false;
    const now = clock();
    const { key } = windowOf(rule, now);
    const entry = entries.get(`${key}:${subject}`);
    return !!entry && entry.known + entry.pending + entry.inFlight >= rule.limit;
  }

  /** Counts one request of `subject` in the shared store and decides on the shared total. */
  async function consume(rule: BudgetRule, subject: string): Promise<BudgetDecision> {
    return (await reserve(rule, subject)).decision;
  }

  /**
   * As `consume`, and gives back a `release` that takes that unit back out of the same window: a sign-in attempt
   * is counted while it runs (so parallel guesses cannot all pass) and released when it turns out not to be a
   * failure. Releasing twice releases once.
   */
  async function reserve(rule: BudgetRule, subject: string): Promise<{ decision: BudgetDecision; release: () => Promise<void> }> {
    if (rule.limit <= 0) return { decision: ALLOWED, release: async () => undefined };
    const now = clock();
    const { key, windowEnd } = windowOf(rule, now);
    const fullKey = `${key}:${subject}`;
    let total: number | undefined;
    try {
      total = (await store.add([{ key: fullKey, by: 1, expiresAt: windowEnd + 1000 }])).get(fullKey);
    } catch (error) {
      onError(error);
    }
    const entry = entryFor(fullKey, windowEnd);
    let released = false;
    const release = async () => {
      if (released) return;
      released = true;
      if (total === undefined) {
        // Counted locally: uncount it there.
        entry.pending -= 1;
        return;
      }
      entry.known = Math.max(0, entry.known - 1);
      try {
        await store.add([{ key: fullKey, by: -1, expiresAt: windowEnd + 1000 }]);
      } catch (error) {
        // Sent with the next flush.
        entry.pending -= 1;
        onError(error);
      }
    };
    if (total === undefined) {
      if (entry.known + entry.pending + entry.inFlight >= rule.limit) return { decision: refused(windowEnd, now), release: async () => undefined };
      entry.pending += 1;
      return { decision: ALLOWED, release };
    }
    entry.known = Math.max(entry.known, total);
    return { decision: total > rule.limit ? refused(windowEnd, clock()) : ALLOWED, release };
  }

  async function flushOnce() {
    const now = clock();
    const batch: { key: string; entry: Entry; by: number }[] = [];
    for (const [key, entry] of entries) {
      if (entry.windowEnd <= now && entry.pending === 0 && entry.inFlight === 0) entries.delete(key);
      else if (entry.pending !== 0) batch.push({ key, entry, by: entry.pending });
    }
    if (batch.length === 0) return;
    for (const item of batch) {
      item.entry.inFlight = item.by;
      item.entry.pending = 0;
    }
    try {
      const totals = await store.add(batch.map(({ key, entry, by }) => ({ key, by, expiresAt: entry.windowEnd + 1000 })));
      for (const { key, entry } of batch) entry.known = Math.max(entry.known, totals.get(key) ?? entry.known + entry.inFlight);
    } catch (error) {
      // Keep counting locally; the counts are sent again with the next flush.
      for (const { entry } of batch) {
        entry.pending += entry.inFlight;
      }
      onError(error);
    } finally {
      for (const { entry } of batch) entry.inFlight = 0;
    }
    // A past window's entries are only kept until their counts are sent.
    for (const [key, entry] of entries) if (entry.windowEnd <= clock() && entry.pending === 0) entries.delete(key);
  }

  /** Sends the local counts to the store (one batch) and learns the shared totals. */
  function flush(): Promise<void> {
    flushing ??= flushOnce().finally(() => {
      flushing = undefined;
    });
    return flushing;
  }

  return { take, spent, consume, reserve, flush, size: () => entries.size };
}

export type BudgetCounter = ReturnType<typeof createBudgetCounter>;
