import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { defineJob } from '../../jobs/define-job';
import { yieldToOthers } from '../../lib/yield-to-others';
import type { RegisterBookPort } from './register-book.port';

/** Stored in the job's row: never rename it. */
export const FILL_JOB = 'libro-registro.rellenar';

/**
 * Once: the register book's lines of the data written before the book existed (pets and movements of an older
 * version, or restored), FILL_BATCH pets per short transaction, in order of id, so that start-up never waits for it
 * and requests run between the steps (DESIGN section 16). Safe to run twice and on several instances: each step locks
 * the chain's row, a pet already in step writes nothing, and the last step marks the book filled. Meanwhile the
 * book shows the lines written so far, and says it is still being completed (`completo: false`).
 */
export function registerBookFillJob({ db, port, log }: { db: Database; port: Pick<RegisterBookPort, 'fillStep'>; log: FastifyBaseLogger }) {
  return defineJob({
    name: FILL_JOB,
    title: 'Relleno del libro de registro con los datos anteriores',
    payload: z.object({}),
    maxAttempts: 10,
    leaseMs: 5 * 60_000,
    handler: async () => {
      let after = 0;
      let steps = 0;
      for (;;) {
        const last = await port.fillStep(db, after);
        if (last === undefined) break;
        after = last;
        steps += 1;
        await yieldToOthers();
      }
      if (steps > 0) log.info({ steps }, 'register book filled with the data written before it');
    },
  });
}
