import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { LocalStorage } from '../storage/local-storage';
import type { StorageProvider } from '../storage/storage-provider';

declare module 'fastify' {
  interface FastifyInstance {
    storage: StorageProvider;
  }
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
  const storage = new LocalStorage(path.join(config.dataDir, 'media'));
  await storage.init();
  return storage;
}

export const storagePlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; storage?: StorageProvider }) => {
    const storage = opts.storage ?? (await createStorage(opts.config));
    app.decorate('storage', storage);
    // A store the app opened itself is closed with it; one passed in belongs to the caller.
    if (!opts.storage) app.addHook('onClose', () => storage.close?.());
  },
  { name: 'storage', dependencies: ['db'] },
);
