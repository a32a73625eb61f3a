import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { type Database, runInTransaction } from '../../db/client';
import { defineJob } from '../../jobs/define-job';
import { systemActor } from '../history/history.port';
import type { PersonLinkTable, PersonsPort, UnlinkedRow } from './persons.port';

const BATCH = 200;

/** The name the migration that created persons enqueues this job under: never rename it. */
export const LINK_EXISTING_JOB = 'personas.vincular-existentes';

type Source = Required<Pick<PersonLinkTable, 'backfill'>>['backfill'];

/**
 * Once, after the migration that created persons: every application, registration and link made before is linked
 * to a person by the same rule as a new one, oldest first across all of them (the oldest names the person), each in
 * its own short transaction. Re-running it only finds what is still unlinked.
 */
export function linkExistingJob({
  db,
  persons,
  log,
}: {
  db: Database;
  persons: Pick<PersonsPort, 'linkStored' | 'linkTables'>;
  log: FastifyBaseLogger;
}) {
  return defineJob({
    name: LINK_EXISTING_JOB,
    title: 'Vinculación de solicitudes y registros anteriores con personas',
    payload: z.object({}),
    maxAttempts: 10,
    handler: async () => {
      const sources = persons.linkTables().flatMap((t) => (t.backfill ? [t.backfill] : []));
      let linked = 0;
      for (;;) {
        const batches = await Promise.all(sources.map(async (source) => ({ source, rows: await source.unlinked(db, BATCH) })));
        const all = batches.flatMap(({ source, rows }) => rows.map((row) => ({ source, row })));
        if (all.length === 0) break;
        // Only up to the newest row every full batch is sure to have reached: nothing older is left behind.
        const cutoff = Math.min(...batches.filter((b) => b.rows.length === BATCH).map((b) => b.rows[b.rows.length - 1]!.createdAt.getTime()));
        const due = all.filter(({ row }) => row.createdAt.getTime() <= cutoff).sort((a, b) => a.row.createdAt.getTime() - b.row.createdAt.getTime());
        for (const { source, row } of due) {
          await linkOne(source, row);
          linked += 1;
        }
      }
      if (linked > 0) log.info({ count: linked }, 'existing requests linked to persons');
    },
  });

  async function linkOne(source: Source, row: UnlinkedRow): Promise<void> {
    await runInTransaction(db, async (tx) => {
      const { personaId, bloqueada } = await persons.linkStored(tx, row.contact, source.rol, systemActor);
      await source.attach(tx, row.id, personaId, bloqueada);
    });
  }
}
