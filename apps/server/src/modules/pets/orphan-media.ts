import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import { IMAGE_FOLDER, parseImageKey } from '../../media/storage-keys';
import type { StorageProvider } from '../../storage/storage-provider';
import type { PetsRepository } from './pets.repository';

export interface OrphanMediaDeps {
  repo: PetsRepository;
  storage: StorageProvider;
  log: FastifyBaseLogger;
}

/** A file younger than this may belong to a save still in progress (the file is written before its row). */
const GRACE_MS = 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Deletes image files that no row points at (left by a crash between storing a file and saving its row,
 * or by a failed clean-up). Rows are never touched: a row pointing at nothing is the one thing that must
 * not happen, and files are written before their rows. Returns the keys removed. No transaction is open
 * while it lists and deletes: as a job it runs on one instance at a time, and the grace period covers a save
 * that stores its file after the references were read.
 */
async function collectOrphanMedia({ repo, storage, log }: OrphanMediaDeps, now: number): Promise<string[]> {
  const referenced = await repo.referencedImageFiles();
  const removed: string[] = [];
  for (const object of await storage.list(IMAGE_FOLDER)) {
    const image = parseImageKey(object.key);
    if (!image) continue;
    if (referenced.has(`${image.petId}/${image.fileName}`) || now - object.lastModified.getTime() < GRACE_MS) continue;
    await storage.delete(object.key);
    removed.push(object.key);
  }
  if (removed.length > 0) log.info({ count: removed.length }, 'removed orphan media files');
  return removed;
}

/** The orphan-media sweep over the pets repository and the media storage, and its jobs. */
export function createOrphanMediaSweep(deps: OrphanMediaDeps) {
  return {
    /** One sweep; `now` lets a test look at the files as if time had passed. */
    collect: (now = Date.now()) => collectOrphanMedia(deps, now),
    /** Every 6 hours, on one instance. */
    job: defineJob({
      name: 'pets.orphan-media-sweep',
      title: 'Limpieza de imágenes sin mascota',
      payload: z.object({}),
      every: 6 * HOUR_MS,
      maxAttempts: 3,
      backoffMs: 5 * 60 * 1000,
      handler: async (_payload, { now }) => {
        await collectOrphanMedia(deps, now.getTime());
      },
    }),
    /** Every hour: forget the stored answers of Idempotency-Keys older than 24 hours. */
    idempotencyJob: defineJob({
      name: 'pets.forget-idempotency-keys',
      title: 'Limpieza de claves de idempotencia caducadas',
      payload: z.object({}),
      every: HOUR_MS,
      maxAttempts: 3,
      handler: async () => {
        const expired = await deps.repo.deleteExpiredIdempotencyKeys();
        if (expired > 0) deps.log.info({ count: expired }, 'forgot expired idempotency keys');
      },
    }),
  };
}

export type OrphanMediaSweep = ReturnType<typeof createOrphanMediaSweep>;
