import { statfs } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { AppError } from '../lib/app-error';
import { LocalStorage } from '../storage/local-storage';
import type { StorageProvider } from '../storage/storage-provider';

declare module 'fastify' {
  interface FastifyInstance {
    storage: StorageProvider;
    /** Refuses (507, Spanish) when the local media disk has under MIN_FREE_DISK_RATIO free; S3 never does. */
    assertDiskRoom(): Promise<void>;
  }
}

/** Free and total bytes of the disk that holds a folder. */
export type FreeSpaceProbe = (folder: string) => Promise<{ available: number; total: number }>;

/** Public uploads are refused when the media disk has less than this share free (DESIGN section 8). */
export const MIN_FREE_DISK_RATIO = 0.05;

export const statfsProbe: FreeSpaceProbe = async (folder) => {
  const stats = await statfs(folder);
  return { available: stats.bavail * stats.bsize, total: stats.blocks * stats.bsize };
};

/** The disk guard: under 5 % free on the local media disk, an upload is refused before a byte is stored. */
export function diskRoomGuard(folder: string | undefined, probe: FreeSpaceProbe): () => Promise<void> {
  return async () => {
    if (folder === undefined) return;
    const { available, total } = await probe(folder);
    if (total > 0 && available / total < MIN_FREE_DISK_RATIO) throw new AppError('INSUFFICIENT_STORAGE');
  };
}

/**
 * The configured media store, checked before the server accepts requests: the local folder is prepared, and
 * an S3 bucket must answer (otherwise start-up stops with a Spanish message naming the variable to fix).
 */
export async function createStorage(config: Pick<Config, 'storage' | 'dataDir'>): Promise<StorageProvider> {
  if (config.storage.driver === 's3') {
    // The AWS SDK is loaded only by the instances that use it (it is a large share of start-up otherwise).
    const { S3Storage } = await import('../storage/s3-storage');
    const storage = new S3Storage(config.storage);
    try {
      await storage.init();
    } catch (error) {
      storage.close();
      throw error;
    }
    return storage;
  }
  const storage = new LocalStorage(mediaFolder(config.dataDir));
  await storage.init();
  return storage;
}

/** Where the local driver keeps media. */
const mediaFolder = (dataDir: string) => path.join(dataDir, 'media');

export const storagePlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; storage?: StorageProvider; freeSpaceProbe?: FreeSpaceProbe }) => {
    const storage = opts.storage ?? (await createStorage(opts.config));
    app.decorate('storage', storage);
    // The disk that holds the media actually in use (a store passed in may live outside DATA_DIR).
    const mediaRoot = storage instanceof LocalStorage ? storage.root : undefined;
    app.decorate('assertDiskRoom', diskRoomGuard(mediaRoot, opts.freeSpaceProbe ?? statfsProbe));
    // A store the app opened itself is closed with it; one passed in belongs to the caller.
    if (!opts.storage) app.addHook('onClose', () => storage.close?.());
  },
  { name: 'storage', dependencies: ['db'] },
);
