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

/**
 * For a test against server processes of their own (whose clock a test cannot hold): waits, if need be, until the
 * current window of `windowMs` has at least `marginMs` left, so a burst of requests that takes less falls in one window.
 */
export async function waitClearOfWindowEdge(windowMs: number, marginMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

export const MINUTE_MS = 60 * 1000;
