import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import { CARE_FOLDER } from '../../media/storage-keys';
import type { StorageProvider } from '../../storage/storage-provider';
import type { CareRepository } from './care.repository';

/** A file younger than this may belong to an upload still saving its row (the file is written first). */
const GRACE_MS = 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Deletes attachment files no row points at: a deleted record's files whose removal failed, or an upload that
 * crashed between storing its file and saving its row. No transaction is open while it lists and deletes.
 */
export function createCareAttachmentSweep({ repo, storage, log }: { repo: CareRepository; storage: StorageProvider; log: FastifyBaseLogger }) {
  async function collect(now = Date.now()): Promise<string[]> {
    const referenced = await repo.attachmentKeys();
    const removed: string[] = [];
    for (const object of await storage.list(CARE_FOLDER)) {
      if (referenced.has(object.key) || now - object.lastModified.getTime() < GRACE_MS) continue;
      await storage.delete(object.key);
      removed.push(object.key);
    }
    if (removed.length > 0) log.info({ count: removed.length }, 'removed orphan care attachments');
    return removed;
  }
  return {
    collect,
    job: defineJob({
      name: 'care.attachment-sweep',
      title: 'Limpieza de adjuntos de salud sin registro',
      payload: z.object({}),
      every: 6 * HOUR_MS,
      maxAttempts: 3,
      backoffMs: 5 * 60 * 1000,
      handler: async (_payload, { now }) => {
        await collect(now.getTime());
      },
    }),
  };
}
