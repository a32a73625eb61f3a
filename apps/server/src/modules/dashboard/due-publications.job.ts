import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../db/client';
import type { PetsPort } from '../pets/pets.port';

const BATCH = 1000;

/**
 * Every minute, on one instance: scheduled pets whose time has come become `publicada` (they are public by query
 * already; this keeps the range of scheduled pets small and the counts exact). Never done by a read.
 */
export function duePublicationsJob({
  pets,
  db,
  clock,
  log,
}: {
  pets: Pick<PetsPort, 'materialiseDuePublications'>;
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  return defineJob({
    name: 'publications.publish-due',
    title: 'Publicación de las mascotas programadas',
    payload: z.object({}),
    every: 60_000,
    maxAttempts: 3,
    backoffMs: 10_000,
    handler: async () => {
      const now = clock.now();
      let published = 0;
      for (let n = BATCH; n === BATCH; published += n) n = await pets.materialiseDuePublications(db, now, BATCH);
      if (published > 0) log.info({ count: published }, 'scheduled pets published');
    },
  });
}
