import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import type { StorageProvider } from '../../storage/storage-provider';
import type { DocumentsRepository } from './documents.repository';
import { DOCUMENTS_FOLDER } from './documents.service';

/** A file younger than this may belong to a contract still being prepared or signed (files are stored before rows). */
const GRACE_MS = 60 * 60 * 1000;

/** Deletes every file under `documentos/` that no document points at and that is older than the grace period. */
export async function collectDocumentFiles(
  repo: DocumentsRepository,
  storage: StorageProvider,
  log: FastifyBaseLogger,
  now = Date.now(),
): Promise<string[]> {
  const referenced = await repo.storedKeys();
  const removed: string[] = [];
  for (const object of await storage.list(DOCUMENTS_FOLDER)) {
    if (referenced.has(object.key) || now - object.lastModified.getTime() < GRACE_MS) continue;
    await storage.delete(object.key);
    removed.push(object.key);
  }
  if (removed.length > 0) log.info({ count: removed.length }, 'removed orphaned document files');
  return removed;
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
