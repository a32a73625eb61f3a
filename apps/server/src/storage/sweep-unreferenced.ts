import type { FastifyBaseLogger } from 'fastify';
import type { StorageProvider } from './storage-provider';

/** A file younger than this may belong to work still under way (files are stored before the rows that point at them). */
const GRACE_MS = 60 * 60 * 1000;

/**
 * Deletes every file under `folder` that no row points at (`referenced`, read before the listing) and that is
 * older than the grace period: what a refused, failed or interrupted write left. Returns the keys removed.
 */
export async function sweepUnreferenced(
  storage: StorageProvider,
  log: FastifyBaseLogger,
  sweep: { folder: string; referenced: ReadonlySet<string>; now: number; what: string },
): Promise<string[]> {
  const removed: string[] = [];
  for (const object of await storage.list(sweep.folder)) {
    if (sweep.referenced.has(object.key) || sweep.now - object.lastModified.getTime() < GRACE_MS) continue;
    await storage.delete(object.key);
    removed.push(object.key);
  }
  if (removed.length > 0) log.info({ count: removed.length }, `removed orphaned ${sweep.what}`);
  return removed;
}
