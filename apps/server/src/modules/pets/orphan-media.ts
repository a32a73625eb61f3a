import { isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { pet, petImage } from '../../db/schema';
import { IMAGE_FOLDER, parseImageKey } from '../../media/storage-keys';
import type { StorageProvider } from '../../storage/storage-provider';

/** Serialises sweeps across instances. */
const SWEEP_LOCK_KEY = 7_340_117_004;
/** A file younger than this may belong to a save still in progress (the file is written before its row). */
const GRACE_MS = 60 * 60 * 1000;

/**
 * Deletes image files that no row points at (left by a crash between storing a file and saving its row,
 * or by a failed clean-up). Rows are never touched: a row pointing at nothing is the one thing that must
 * not happen, and files are written before their rows. Returns the keys removed.
 */
export async function collectOrphanMedia(db: Database, storage: StorageProvider, log: FastifyBaseLogger, now = Date.now()): Promise<string[]> {
  return db.transaction(async (tx) => {
    // Both drivers answer raw queries with `{ rows }`.
    const result: unknown = await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${SWEEP_LOCK_KEY}) AS locked`);
    const [lock] = (result as { rows: { locked: boolean }[] }).rows;
    if (!lock?.locked) return [];
    const referenced = new Set<string>();
    for (const row of await tx.select({ petId: pet.id, file: pet.imagenPrincipal }).from(pet).where(isNotNull(pet.imagenPrincipal))) {
      referenced.add(`${row.petId}/${row.file}`);
    }
    for (const row of await tx.select({ petId: petImage.petId, file: petImage.nombre }).from(petImage)) referenced.add(`${row.petId}/${row.file}`);

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
  });
}

/** Runs the sweep now (without delaying start-up) and every `intervalMs`; stops when the app closes. */
export function scheduleOrphanMediaSweep(db: Database, storage: StorageProvider, log: FastifyBaseLogger, intervalMs = 6 * 60 * 60 * 1000) {
  const run = () => {
    collectOrphanMedia(db, storage, log).catch((error: unknown) => log.warn({ err: error }, 'orphan media sweep failed'));
  };
  const first = setTimeout(run, 10_000);
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
