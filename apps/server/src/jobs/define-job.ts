import type { z } from 'zod';

export interface JobContext {
  jobId: number;
  /** 1 on the first run. */
  attempt: number;
  /** When this run started (the queue's clock). */
  now: Date;
}

/** One kind of job, defined once and registered once with the queue (`app.jobs.define(...)`). */
export interface JobDefinition<P = unknown> {
  /** Unique, `module.what` (`intake.request-media-sweep`). Stored in each job row: never rename one in use. */
  name: string;
  /** What an administrator reads in "Pendientes" when it failed. */
  title: string;
  /** The payload, checked when the job is enqueued and again before it runs. */
  payload: z.ZodType<P>;
  handler: (payload: P, context: JobContext) => Promise<void>;
  /** Runs in all, the first included (default 5). */
  maxAttempts?: number;
  /** The delay before the first retry; each next one doubles it, up to 6 hours (default 30 s). */
  backoffMs?: number;
  /** How long a worker holds a running job without renewing it; renewed every third of it (default 60 s). */
  leaseMs?: number;
  /** A scheduled job: enqueued once per period of this length (aligned on the epoch) however many instances run. */
  every?: number;
}

export const DEFAULT_MAX_ATTEMPTS = 5;
export const DEFAULT_BACKOFF_MS = 30_000;
export const DEFAULT_LEASE_MS = 60_000;
const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;

/** Types a definition (the payload's type comes from its schema). */
export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}

/** The delay before the run after failed run number `attempt` (1, 2, ...): base, 2 base, 4 base, ... */
export function retryDelayMs(definition: Pick<JobDefinition, 'backoffMs'>, attempt: number): number {
  const base = definition.backoffMs ?? DEFAULT_BACKOFF_MS;
  return Math.min(base * 2 ** (attempt - 1), MAX_BACKOFF_MS);
}

/** The unique key of a scheduled job's period that contains `now`. */
export function periodKey(definition: Pick<JobDefinition, 'name' | 'every'>, now: Date): string {
  const every = definition.every!;
  return `${definition.name}@${new Date(Math.floor(now.getTime() / every) * every).toISOString()}`;
}
