import { describe, expect, it } from 'vitest';
import { createBudgetCounter } from './budget-counter';
import type { BudgetIncrement, BudgetStore } from './budget-store';

/** A store in memory that can be switched off, to check the fallback. */
function memoryStore() {
  const counts = new Map<string, number>();
  let down = false;
  const calls: BudgetIncrement[][] = [];
  const store: BudgetStore = {
    kind: 'database',
    add(increments) {
      calls.push(increments);
      if (down) return Promise.reject(new Error('store down'));
      const totals = new Map<string, number>();
      for (const i of increments) {
        const total = (counts.get(i.key) ?? 0) + i.by;
        counts.set(i.key, total);
        totals.set(i.key, total);
      }
      return Promise.resolve(totals);
    },
    sweep: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
  return { store, counts, calls, setDown: (value: boolean) => (down = value) };
}

const rule = { name: 'user', limit: 3, windowMs: 60_000 };

describe('budget counter', () => {
  it('decides locally and sends the counts in one batch per flush', async () => {
    const { store, calls } = memoryStore();
    const counter = createBudgetCounter(store, { clock: () => 30_000 });
    expect([1, 2, 3].map(() => counter.take(rule, 'ana').allowed)).toEqual([true, true, true]);
    const refused = counter.take(rule, 'ana');
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(counter.take(rule, 'luis').allowed).toBe(true);
    expect(calls).toHaveLength(0);
    await counter.flush();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.map((c) => [c.key, c.by])).toEqual([
      ['user:0:ana', 3],
      ['user:0:luis', 1],
    ]);
  });

  it('starts a new window when the minute turns', () => {
    let now = 59_000;
    const counter = createBudgetCounter(memoryStore().store, { clock: () => now });
    for (let i = 0; i < 3; i++) counter.take(rule, 'ana');
    expect(counter.take(rule, 'ana')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now = 60_000;
    expect(counter.take(rule, 'ana').allowed).toBe(true);
  });

  it('refuses once other instances used the budget (learnt at a flush)', async () => {
    const shared = memoryStore();
    const a = createBudgetCounter(shared.store, { clock: () => 1000 });
    const b = createBudgetCounter(shared.store, { clock: () => 1000 });
    a.take(rule, 'ana');
    a.take(rule, 'ana');
    await a.flush();
    b.take(rule, 'ana');
    await b.flush();
    expect(b.take(rule, 'ana').allowed).toBe(false);
  });

  it('keeps counting in the instance when the store is down, and sends the counts later', async () => {
    const shared = memoryStore();
    const counter = createBudgetCounter(shared.store, { clock: () => 1000, onError: () => undefined });
    shared.setDown(true);
    counter.take(rule, 'ana');
    await counter.flush();
    counter.take(rule, 'ana');
    counter.take(rule, 'ana');
    expect(counter.take(rule, 'ana').allowed).toBe(false);
    shared.setDown(false);
    await counter.flush();
    expect(shared.counts.get('user:0:ana')).toBe(3);
  });

  it('counts strict budgets in the store on every request', async () => {
    const shared = memoryStore();
    const strict = { name: 'submission', limit: 2, windowMs: 3_600_000 };
    const a = createBudgetCounter(shared.store, { clock: () => 1000 });
    const b = createBudgetCounter(shared.store, { clock: () => 1000 });
    expect((await a.consume(strict, '1.2.3.4')).allowed).toBe(true);
    expect((await b.consume(strict, '1.2.3.4')).allowed).toBe(true);
    expect(await a.consume(strict, '1.2.3.4')).toEqual({ allowed: false, retryAfterSeconds: 3599 });
    expect((await b.consume(strict, '5.6.7.8')).allowed).toBe(true);
  });

  it('never refuses with a limit of 0', async () => {
    const counter = createBudgetCounter(memoryStore().store);
    const off = { ...rule, limit: 0 };
    for (let i = 0; i < 100; i++) expect(counter.take(off, 'ana').allowed).toBe(true);
    expect((await counter.consume(off, 'ana')).allowed).toBe(true);
  });
});
