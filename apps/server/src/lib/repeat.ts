import type { FastifyBaseLogger } from 'fastify';

export interface RepeatOptions {
  /** The first run, soon after start-up but without delaying it. */
  firstAfterMs: number;
  everyMs: number;
  log: FastifyBaseLogger;
  /** Names the task in the warning when a run fails. */
  what: string;
}

/**
 * Runs `task` once after `firstAfterMs` and then every `everyMs`, never keeping the process alive and never
 * letting a failed run stop the next; returns the function that stops it. The background sweeps use it.
 */
export function repeat(task: () => Promise<unknown>, { firstAfterMs, everyMs, log, what }: RepeatOptions): () => void {
  const run = () => {
    task().catch((error: unknown) => log.warn({ err: error }, `${what} failed`));
  };
  const first = setTimeout(run, firstAfterMs);
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
