import { REQUEST_MEDIA_RETENTION_DAYS } from '@refugio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import type { StorageProvider } from '../../storage/storage-provider';
import type { RequestsRepository } from './requests.repository';
import { REQUEST_MEDIA_ROOT, requestFolderOf, requestThumbnailKey } from '../../media/request-storage-keys';

/**
 * A file younger than this may belong to a submission still uploading (files are stored before the row); an
 * upload whose marker was not renewed for this long is taken as abandoned.
 */
const GRACE_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The publication requests' side of the orphan sweep. First, requests decided more than
 * REQUEST_MEDIA_RETENTION_DAYS ago stop pointing at their files (an approved one's media were copied to
 * the pet; a rejected one's are no longer needed). Then every file under `solicitudes/` that no row points
 * at, that is older than the grace period and whose folder no upload in progress holds (however long that
 * upload has been running) is deleted: what a refused, interrupted or crashed submission left behind. A row
 * never points at a missing file. No transaction is open while it lists and deletes (it runs as a job, on one
 * instance at a time). Returns the keys removed.
 */
async function collectRequestMedia(repo: RequestsRepository, storage: StorageProvider, log: FastifyBaseLogger, now = Date.now()): Promise<string[]> {
  await repo.clearMediaDecidedBefore(new Date(now - REQUEST_MEDIA_RETENTION_DAYS * DAY_MS));
  await repo.forgetUploadsSeenBefore(new Date(now - GRACE_MS));
  const uploading = new Set(await repo.uploadFolders());
  const referenced = new Set<string>();
  for (const key of await repo.referencedMediaKeys()) {
    referenced.add(key);
    referenced.add(requestThumbnailKey(key));
  }
  const removed: string[] = [];
  for (const object of await storage.list(REQUEST_MEDIA_ROOT)) {
    if (referenced.has(object.key) || uploading.has(requestFolderOf(object.key)) || now - object.lastModified.getTime() < GRACE_MS) continue;
    await storage.delete(object.key);
    removed.push(object.key);
  }
  if (removed.length > 0) log.info({ count: removed.length }, 'removed publication request media');
  return removed;
}

export interface RequestMediaSweepDeps {
  repo: RequestsRepository;
  storage: StorageProvider;
  log: FastifyBaseLogger;
}

/** The request-media sweep over the publication requests' repository and the media storage, and its job. */
export function createRequestMediaSweep({ repo, storage, log }: RequestMediaSweepDeps) {
  return {
    /** One sweep; `now` lets a test look at the files as if time had passed. */
    collect: (now = Date.now()) => collectRequestMedia(repo, storage, log, now),
    /** Every 6 hours, on one instance. */
    job: defineJob({
      name: 'intake.request-media-sweep',
      title: 'Limpieza de archivos de solicitudes de publicación',
      payload: z.object({}),
      every: 6 * 60 * 60 * 1000,
      maxAttempts: 3,
      backoffMs: 5 * 60 * 1000,
      handler: async (_payload, { now }) => {
        await collectRequestMedia(repo, storage, log, now.getTime());
      },
    }),
  };
}

export type RequestMediaSweep = ReturnType<typeof createRequestMediaSweep>;
