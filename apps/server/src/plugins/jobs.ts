import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type JobQueue, createJobQueue } from '../jobs/job-queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue: modules `define` their jobs once; `server.ts` starts the worker. */
    jobs: JobQueue;
  }
}

/** The job queue over the app's database; the worker (if started) stops before the database closes. */
export const jobsPlugin = fp(
  (app: FastifyInstance, opts: { pollMs?: number }) => {
    const jobs = createJobQueue({ db: app.db, log: app.log, ...(opts.pollMs ? { pollMs: opts.pollMs } : {}) });
    app.decorate('jobs', jobs);
    app.addHook('preClose', async () => {
      await jobs.stop();
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
