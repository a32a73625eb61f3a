import type { FastifyBaseLogger } from 'fastify';
import { repeat } from '../../lib/repeat';
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

/**
 * Deletes image files that no row points at (left by a crash between storing a file and saving its row,
 * or by a failed clean-up). Rows are never touched: a row pointing at nothing is the one thing that must
 * not happen, and files are written before their rows. Returns the keys removed. It also forgets the stored
 * answers of expired Idempotency-Keys.
 */
async function collectOrphanMedia({ repo, storage, log }: OrphanMediaDeps, now: number): Promise<string[]> {
  return repo.transaction(async (txRepo) => {
    if (!(await txRepo.tryLockOrphanSweep())) return [];
    const referenced = await txRepo.referencedImageFiles();

    const removed: string[] = [];
    for (const object of await storage.list(IMAGE_FOLDER)) {
      const image = parseImageKey(object.key);
      if (!image) continue;
      if (referenced.has(`${image.petId}/${image.fileName}`) || now - object.lastModified.getTime() < GRACE_MS) continue;
      await storage.delete(object.key);
      removed.push(object.key);
    }
    if (removed.length > 0) log.info({ count: removed.length }, 'removed orphan media files');
    // The same sweep forgets the answers of Idempotency-Keys older than 24 hours.
    const expiredKeys = await txRepo.deleteExpiredIdempotencyKeys();
    if (expiredKeys > 0) log.info({ count: expiredKeys }, 'forgot expired idempotency keys');
    return removed;
  });
}

/** The orphan-media sweep over the pets repository and the media storage. */
export function createOrphanMediaSweep(deps: OrphanMediaDeps) {
  return {
    /** One sweep; `now` lets a test look at the files as if time had passed. */
    collect: (now = Date.now()) => collectOrphanMedia(deps, now),
    /** Runs the sweep soon (without delaying start-up) and every `intervalMs`; returns the function that stops it. */
    schedule: (intervalMs = 6 * 60 * 60 * 1000) =>
      repeat(() => collectOrphanMedia(deps, Date.now()), { firstAfterMs: 10_000, everyMs: intervalMs, log: deps.log, what: 'orphan media sweep' }),
  };
}

export type OrphanMediaSweep = ReturnType<typeof createOrphanMediaSweep>;
