import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Client as PgClient } from 'pg';
import { migrationsFolder } from '../lib/paths';
import { pgliteTemplate } from './pglite-template';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

declare const inTransaction: unique symbol;
/**
 * A database handle inside a transaction. Port methods that must join their caller's transaction take a `Tx`, so
 * the compiler refuses a call made with the root handle (which would commit on its own) where one is required.
 * Only `transactional()` and `runInTransaction()` make one.
 */
export type Tx = Database & { readonly [inTransaction]: true };

/** Runs `work` in a new transaction (a throw rolls it back); `tx` may be handed to other modules' ports. */
export function runInTransaction<T>(db: Database, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Tx));
}

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
   * listening connection broke, or hangs: a heartbeat sent through the channel did not come back in time),
   * `onState(true)` once they arrive again. PGlite delivers a notification before the statement (or the COMMIT)
   * that sent it returns; PostgreSQL shortly after the commit, on a connection of its own that is re-opened when
   * it breaks. Returns the function that stops listening.
   */
  /** PGlite only: its whole data directory as a tar file (the build's template for new databases). */
  dumpDataDir?: () => Promise<Blob>;
  listen(channel: string, onNotify: (payload: string) => void, onState: (live: boolean) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * A real query as requests send them (a bound parameter, the extended protocol), whose answer is checked: a database
 * that still answers a bare `SELECT 1` but no longer serves requests is not taken as ready.
 */
async function pingThrough(db: Database): Promise<void> {
  const result: unknown = await db.execute(sql`SELECT ${41}::int + 1 AS answer`);
  if (Number((result as { rows: { answer: unknown }[] }).rows[0]?.answer) !== 42)
    throw new Error('the database answered the readiness query wrongly');
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
  | { driver: 'postgres'; url: string; poolSize?: number; listen?: ListenOptions };

/** How the PostgreSQL change feed's listening connection is opened and watched. */
export interface ListenOptions {
  /** Where the listening connection goes; the database's URL unless set. */
  url?: string;
  /** How often a heartbeat notification is sent through the feed (default 5 s). */
  heartbeatEveryMs?: number;
  /** How soon it must come back on the listening connection (default 5 s); otherwise that connection is taken as hung. */
  heartbeatWithinMs?: number;
}

/** Payloads of the heartbeats each listening instance sends itself through the channel; never passed on. */
const HEARTBEAT_PREFIX = 'heartbeat:';
const HEARTBEAT_EVERY_MS = 5_000;
const HEARTBEAT_WITHIN_MS = 5_000;

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.driver === 'pglite'
    ? openPglite(options.dataDir, options.template ?? true)
    : openPostgres(options.url, options.poolSize ?? 10, options.listen ?? {});
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
    ping: () => pingThrough(db),
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

async function openPostgres(url: string, poolSize: number, listen: ListenOptions): Promise<DatabaseHandle> {
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
    ping: () => pingThrough(db),
    poolStats() {
      return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
    },
    listen: (channel, onNotify, onState) =>
      listenOnPostgres(
        pg.Client,
        {
          url: listen.url ?? url,
          // Sent on a pooled connection, as any change is: heard back only if the listening connection works.
          notify: async (payload) => {
            await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
          },
          heartbeatEveryMs: listen.heartbeatEveryMs ?? HEARTBEAT_EVERY_MS,
          heartbeatWithinMs: listen.heartbeatWithinMs ?? HEARTBEAT_WITHIN_MS,
        },
        channel,
        onNotify,
        onState,
      ),
    async close() {
      if (!pool.ended) await pool.end();
    },
  };
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). Until it listens, and
 * whenever it breaks, listeners are told `onState(false)` (notifications may be lost meanwhile); it is opened
 * again after 0.5 s, then twice as long each time up to 10 s. A connection can also hang without breaking (a
 * stalled network path or proxy, a frozen server): TCP keepalive notices a peer that is gone, and a heartbeat
 * notices the rest: every `heartbeatEveryMs` a notification is sent through the channel from the pool, and
 * when it is not heard on the listening connection within `heartbeatWithinMs` of being sent, that connection
 * is taken as broken (closed outright and opened again). Never throws: a database that does not answer yet
 * only delays `onState(true)`.
 */
async function listenOnPostgres(
  Client: typeof PgClient,
  options: { url: string; notify: (payload: string) => Promise<void>; heartbeatEveryMs: number; heartbeatWithinMs: number },
  channel: string,
  onNotify: (payload: string) => void,
  onState: (live: boolean) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: InstanceType<typeof Client> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = 500;
  /** The heartbeat awaited: the client it was sent for, and whether it was heard (it may come before `notify` returns). */
  let beat: { id: string; client: InstanceType<typeof Client>; heard: boolean; timer?: NodeJS.Timeout } | undefined;
  const losers = new Map<InstanceType<typeof Client>, () => void>();

  const connect = async (): Promise<void> => {
    const client = new Client({
      connectionString: options.url,
      connectionTimeoutMillis: 10_000,
      // LISTEN on a connection that hangs must fail too, so the next attempt can be made.
      query_timeout: 10_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    let lost = false;
    const onLost = () => {
      if (lost || stopped) return;
      lost = true;
      losers.delete(client);
      if (current === client) current = undefined;
      if (beat?.client === client) {
        clearTimeout(beat.timer);
        beat = undefined;
      }
      onState(false);
      client.end().catch(() => undefined);
      // A hung connection would never finish a polite end: its socket is closed outright.
      client.connection.stream.destroy();
      retry = setTimeout(() => void connect(), delay);
      delay = Math.min(delay * 2, 10_000);
    };
    losers.set(client, onLost);
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => {
      if (message.channel !== channel || message.payload === undefined) return;
      if (message.payload.startsWith(HEARTBEAT_PREFIX)) {
        if (beat && beat.client === client && message.payload === `${HEARTBEAT_PREFIX}${beat.id}`) {
          clearTimeout(beat.timer);
          beat.heard = true;
          beat = undefined;
        }
        return;
      }
      onNotify(message.payload);
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

  const sendHeartbeat = async (): Promise<void> => {
    const client = current;
    if (!client || beat || stopped) return;
    const sent = { id: randomUUID(), client, heard: false, timer: undefined as NodeJS.Timeout | undefined };
    beat = sent;
    try {
      await options.notify(`${HEARTBEAT_PREFIX}${sent.id}`);
    } catch {
      // The pool could not send it: nothing is learned about the listening connection this time.
      if (beat === sent) beat = undefined;
      return;
    }
    if (sent.heard || beat !== sent) return;
    sent.timer = setTimeout(() => {
      // After this turn's network reads: a heartbeat already received while the process was busy counts.
      setImmediate(() => {
        if (beat !== sent) return;
        beat = undefined;
        losers.get(client)?.();
      });
    }, options.heartbeatWithinMs);
    sent.timer.unref();
  };
  const heartbeat = setInterval(() => void sendHeartbeat(), options.heartbeatEveryMs);
  heartbeat.unref();

  await connect();
  return async () => {
    stopped = true;
    clearInterval(heartbeat);
    clearTimeout(retry);
    clearTimeout(beat?.timer);
    beat = undefined;
    const client = current;
    current = undefined;
    await client?.end().catch(() => undefined);
  };
}
