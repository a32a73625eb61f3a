import { z } from 'zod';
import { defineJob } from '../../src/jobs/define-job';

/** The jobs the process tests run, the same in the test and in its worker processes. */
export function testJobDefinitions(handlers: { record: (jobId: number) => Promise<void>; tick: (jobId: number) => Promise<void> }) {
  return [
    defineJob({
      name: 'test.record',
      title: 'Anotar',
      payload: z.object({}),
      leaseMs: 1500,
      handler: async (_payload, { jobId }) => handlers.record(jobId),
    }),
    defineJob({
      name: 'test.tick',
      title: 'Cada segundo',
      payload: z.object({}),
      every: 1000,
      handler: async (_payload, { jobId }) => handlers.tick(jobId),
    }),
  ];
}
