import { REQUEST_MEDIA_RETENTION_DAYS } from '@refugio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { repeat } from '../../lib/repeat';
import type { StorageProvider } from '../../storage/storage-provider';
import type { RequestsRepository } from './requests.repository';
import { REQUEST_MEDIA_ROOT, requestThumbnailKey } from './storage-keys';

/** Serialises sweeps across instances (the pet media sweep uses ...004). */
const SWEEP_LOCK_KEY = 7_340_117_005;
/** A file younger than this may belong to a submission still uploading (files are stored before the row). */
const GRACE_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The publication requests' side of the orphan sweep. First, requests decided more than
 * REQUEST_MEDIA_RETENTION_DAYS ago stop pointing at their files (an approved one's media were copied to
 * the pet; a rejected one's are no longer needed). Then every file under `solicitudes/` that no row points
 * at and that is older than the grace period is deleted: those, and what a refused, interrupted or crashed
 * submission left behind. A row never points at a missing file. Returns the keys removed.
 */
async function collectRequestMedia(repo: RequestsRepository, storage: StorageProvider, log: FastifyBaseLogger, now = Date.now()): Promise<string[]> {
  return repo.transaction(async ({ requests }) => {
    if (!(await requests.tryLock(SWEEP_LOCK_KEY))) return [];
    await requests.clearMediaDecidedBefore(new Date(now - REQUEST_MEDIA_RETENTION_DAYS * DAY_MS));
    const referenced = new Set<string>();
    for (const key of await requests.referencedMediaKeys()) {
      referenced.add(key);
      referenced.add(requestThumbnailKey(key));
    }
    const removed: string[] = [];
    for (const object of await storage.list(REQUEST_MEDIA_ROOT)) {
      if (referenced.has(object.key) || now - object.lastModified.getTime() < GRACE_MS) continue;
      await storage.delete(object.key);
      removed.push(object.key);
    }
    if (removed.length > 0) log.info({ count: removed.length }, 'removed publication request media');
    return removed;
  });
}

export interface RequestMediaSweepDeps {
  repo: RequestsRepository;
  storage: StorageProvider;
  log: FastifyBaseLogger;
}

/** The request-media sweep over the publication requests' repository and the media storage. */
export function createRequestMediaSweep({ repo, storage, log }: RequestMediaSweepDeps) {
  return {
    /** One sweep; `now` lets a test look at the files as if time had passed. */
    collect: (now = Date.now()) => collectRequestMedia(repo, storage, log, now),
    /** Runs the sweep shortly after start-up and every `intervalMs`; returns the function that stops it. */
    schedule: (intervalMs = 6 * 60 * 60 * 1000) =>
      repeat(() => collectRequestMedia(repo, storage, log), {
        firstAfterMs: 15_000,
        everyMs: intervalMs,
        log,
        what: 'publication request media sweep',
      }),
  };
}

export type RequestMediaSweep = ReturnType<typeof createRequestMediaSweep>;
