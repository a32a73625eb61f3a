import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Client as PgClient } from 'pg';
import { migrationsFolder } from '../lib/paths';
import { pgliteTemplate } from './pglite-template';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Applies pending migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /** Connections open, idle and requests waiting for one (PGlite: one connection, in the process). */
  poolStats(): { total: number; idle: number; waiting: number };
  /**
   * Receives the NOTIFY payloads of `channel`. `onState(false)` when notifications may have been missed (the
   * listening connection broke), `onState(true)` once they arrive again. PGlite delivers a notification before
   * the statement (or the COMMIT) that sent it returns; PostgreSQL shortly after the commit, on a connection of
   * its own that is re-opened when it breaks. Returns the function that stops listening.
   */
  /** PGlite only: its whole data directory as a tar file (the build's template for new databases). */
  dumpDataDir?: () => Promise<Blob>;
  listen(channel: string, onNotify: (payload: string) => void, onState: (live: boolean) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Arbitrary but fixed: every instance of this application takes the same advisory lock to migrate. */
const MIGRATION_LOCK_KEY = 7_340_117_001;

export type OpenDatabaseOptions =
  | {
      driver: 'pglite';
      /** Undefined keeps the database in memory (tests). */
      dataDir: string | undefined;
      /**
       * A new database starts from the build's template when one fits (true, the default), or from the
       * template in this folder; false runs initdb.
       */
      template?: boolean | string;
    }
  | { driver: 'postgres'; url: string; poolSize?: number };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.driver === 'pglite' ? openPglite(options.dataDir, options.template ?? true) : openPostgres(options.url, options.poolSize ?? 10);
}

// Each driver is loaded only when it is used: start-up does not pay for the other one.
async function openPglite(dataDir: string | undefined, useTemplate: boolean | string): Promise<DatabaseHandle> {
  const [{ PGlite }, { pg_trgm }, { unaccent }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let location: string | undefined;
  if (dataDir !== undefined) {
    location = path.join(dataDir, 'db');
    mkdirSync(location, { recursive: true });
  }
  const isNew = location === undefined || !existsSync(path.join(location, 'PG_VERSION'));
  const template = !isNew || useTemplate === false ? undefined : pgliteTemplate(useTemplate === true ? undefined : useTemplate);
  // The constructor form: PGlite.create(undefined, options) ignores the options, extensions included.
  const client = new PGlite(location ?? 'memory://', { extensions: { pg_trgm, unaccent }, ...(template ? { loadDataDir: template } : {}) });
  await client.waitReady;
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  return {
    db,
    driver: 'pglite',
    async migrate() {
      // One process owns a PGlite directory, but the lock keeps the same code path as PostgreSQL.
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      try {
        await migratePglite(db, { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      }
    },
    async ping() {
      await db.execute(sql`SELECT 1`);
    },
    poolStats() {
      return { total: client.closed ? 0 : 1, idle: 0, waiting: 0 };
    },
    dumpDataDir: async () => client.dumpDataDir('none'),
    async listen(channel, onNotify, onState) {
      const unlisten = await client.listen(channel, onNotify);
      onState(true);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 10_000 });
  // An idle client that loses its connection emits 'error'; without a listener it would crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  return {
    db,
    driver: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migratePg(drizzlePg({ client, schema, casing: 'snake_case' }), { migrationsFolder });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`SELECT 1`);
    },
    poolStats() {
      return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
    },
    listen: (channel, onNotify, onState) => listenOnPostgres(pg.Client, url, channel, onNotify, onState),
    async close() {
      if (!pool.ended) await pool.end();
    },
  };
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). Until it listens, and
 * whenever it breaks, listeners are told `onState(false)` (notifications may be lost meanwhile); it is opened
 * again after 0.5 s, then twice as long each time up to 10 s. Never throws: a database that does not answer
 * yet only delays `onState(true)`.
 */
async function listenOnPostgres(
  Client: typeof PgClient,
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onState: (live: boolean) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: InstanceType<typeof Client> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = 500;

  const connect = async (): Promise<void> => {
    const client = new Client({ connectionString: url, connectionTimeoutMillis: 10_000, keepAlive: true });
    let lost = false;
    const onLost = () => {
      if (lost || stopped) return;
      lost = true;
      current = undefined;
      onState(false);
      client.end().catch(() => undefined);
      retry = setTimeout(() => void connect(), delay);
      delay = Math.min(delay * 2, 10_000);
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onNotify(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    } catch {
      onLost();
      return;
    }
    if (stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    delay = 500;
    onState(true);
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => undefined);
  };
}
