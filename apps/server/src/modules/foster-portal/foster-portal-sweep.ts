import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import type { StorageProvider } from '../../storage/storage-provider';
import type { FosterPortalRepository } from './foster-portal.repository';
import { NEWS_FOLDER } from './foster-portal.service';

/** A file younger than this may belong to news still uploading (files are stored before the row). */
const GRACE_MS = 60 * 60 * 1000;

/** Deletes every file under `novedades/` that no news row points at and that is older than the grace period. */
export async function collectNewsPhotos(
  repo: FosterPortalRepository,
  storage: StorageProvider,
  log: FastifyBaseLogger,
  now = Date.now(),
): Promise<string[]> {
  const referenced = await repo.photoKeys();
  const removed: string[] = [];
  for (const object of await storage.list(NEWS_FOLDER)) {
    if (referenced.has(object.key) || now - object.lastModified.getTime() < GRACE_MS) continue;
    await storage.delete(object.key);
    removed.push(object.key);
  }
  if (removed.length > 0) log.info({ count: removed.length }, 'removed orphaned foster news photos');
  return removed;
}

export function createNewsPhotoSweep(deps: { repo: FosterPortalRepository; storage: StorageProvider; log: FastifyBaseLogger }) {
  return {
    collect: (now = Date.now()) => collectNewsPhotos(deps.repo, deps.storage, deps.log, now),
    job: defineJob({
      name: 'foster-portal.photo-sweep',
      title: 'Limpieza de fotos de novedades de acogida',
      payload: z.object({}),
      every: 6 * 60 * 60 * 1000,
      maxAttempts: 3,
      backoffMs: 5 * 60 * 1000,
      handler: async (_payload, { now }) => {
        await collectNewsPhotos(deps.repo, deps.storage, deps.log, now.getTime());
      },
    }),
  };
}
