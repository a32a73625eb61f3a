import { vi } from 'vitest';

/**
 * Budgets count in fixed windows (budgets/budget-counter.ts): a test that fills one and then expects a refusal fails
 * if its requests straddle the window's edge (a slow machine crossing the hour). This holds the clock (Date only,
 * timers run as usual) a second into the next window of `windowMs`, so every request of the test falls in one
 * window; `vi.useRealTimers()` (each file's `afterEach`/`afterAll`) lets it go. Moving forward, never back: links,
 * sessions and codes created before stay as valid as they would be up to an hour later.
 */
export function holdClockInOneWindow(windowMs: number): void {
  const next = (Math.floor(Date.now() / windowMs) + 1) * windowMs;
  vi.useFakeTimers({ toFake: ['Date'], now: next + 1000 });
}

export const HOUR_MS = 60 * 60 * 1000;
