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

export async function createStorage(config: Config): Promise<StorageProvider> {
  if (config.storage.driver === 's3') {
    throw new Error('STORAGE_DRIVER=s3 todavía no está disponible en esta versión; usa STORAGE_DRIVER=local.');
  }
  const storage = new LocalStorage(path.join(config.dataDir, 'media'));
  await storage.init();
  return storage;
}

export const storagePlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; storage?: StorageProvider }) => {
    app.decorate('storage', opts.storage ?? (await createStorage(opts.config)));
  },
  { name: 'storage', dependencies: ['db'] },
);
