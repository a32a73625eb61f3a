import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    database: DatabaseHandle;
  }
}

/**
 * Exposes an opened database (migrations already applied by the caller) and closes it last, after in-flight
 * requests have finished, so PGlite's data directory is always left clean.
 */
export const dbPlugin = fp(
  (app: FastifyInstance, opts: { database: DatabaseHandle }) => {
    app.decorate('database', opts.database);
    app.decorate('db', opts.database.db);
    app.addHook('onClose', async () => {
      await opts.database.close();
    });
  },
  { name: 'db' },
);
