import { afterAll, vi } from 'vitest';

/*
 * Run before each server test file. The files of a run share worker processes (vitest.config.ts: isolate false), so
 * what one file may leave behind is undone before the next one starts: fake timers (vitest itself restores spies and,
 * with unstubEnvs/unstubGlobals, stubbed environment variables and globals).
 */
afterAll(() => {
  vi.useRealTimers();
});
