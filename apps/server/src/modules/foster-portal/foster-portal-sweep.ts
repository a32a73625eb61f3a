import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import type { StorageProvider } from '../../storage/storage-provider';
import { sweepUnreferenced } from '../../storage/sweep-unreferenced';
import type { FosterPortalRepository } from './foster-portal.repository';
import { NEWS_FOLDER } from '../../media/storage-keys';

/** Deletes every file under `novedades/` that no news row points at and that is older than the grace period. */
export async function collectNewsPhotos(
  repo: FosterPortalRepository,
  storage: StorageProvider,
  log: FastifyBaseLogger,
  now = Date.now(),
): Promise<string[]> {
  return sweepUnreferenced(storage, log, { folder: NEWS_FOLDER, referenced: await repo.photoKeys(), now, what: 'foster news photos' });
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
