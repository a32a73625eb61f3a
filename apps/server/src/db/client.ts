import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { migrationsFolder } from '../lib/paths';
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
  close(): Promise<void>;
}

/** Arbitrary but fixed: every instance of this application takes the same advisory lock to migrate. */
const MIGRATION_LOCK_KEY = 7_340_117_001;

export type OpenDatabaseOptions =
  | { driver: 'pglite'; /** Undefined keeps the database in memory (tests). */ dataDir: string | undefined }
  | { driver: 'postgres'; url: string; poolSize?: number };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.driver === 'pglite' ? openPglite(options.dataDir) : openPostgres(options.url, options.poolSize ?? 10);
}

// Each driver is loaded only when it is used: start-up does not pay for the other one.
async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
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
  // The constructor form: PGlite.create(undefined, options) ignores the options, extensions included.
  const client = new PGlite(location ?? 'memory://', { extensions: { pg_trgm, unaccent } });
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
    async close() {
      if (!pool.ended) await pool.end();
    },
  };
}
