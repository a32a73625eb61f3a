import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import type { StorageProvider } from '../../storage/storage-provider';
import { sweepUnreferenced } from '../../storage/sweep-unreferenced';
import type { DocumentsRepository } from './documents.repository';
import { DOCUMENTS_FOLDER } from '../../media/storage-keys';

/** Deletes every file under `documentos/` that no document points at and that is older than the grace period. */
export async function collectDocumentFiles(
  repo: DocumentsRepository,
  storage: StorageProvider,
  log: FastifyBaseLogger,
  now = Date.now(),
): Promise<string[]> {
  return sweepUnreferenced(storage, log, { folder: DOCUMENTS_FOLDER, referenced: await repo.storedKeys(), now, what: 'document files' });
}

export function createDocumentSweep(deps: { repo: DocumentsRepository; storage: StorageProvider; log: FastifyBaseLogger }) {
  return {
    collect: (now = Date.now()) => collectDocumentFiles(deps.repo, deps.storage, deps.log, now),
    job: defineJob({
      name: 'documents.file-sweep',
      title: 'Limpieza de archivos de documentos sin usar',
      payload: z.object({}),
      every: 6 * 60 * 60 * 1000,
      maxAttempts: 3,
      backoffMs: 5 * 60 * 1000,
      handler: async (_payload, { now }) => {
        await collectDocumentFiles(deps.repo, deps.storage, deps.log, now.getTime());
      },
    }),
  };
}
