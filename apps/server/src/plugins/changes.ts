import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';

/** Which pets changed: their ids, or every pet (a statement that changed many, or notifications were missed). */
export type ChangedPets = readonly number[] | 'all';

/**
 * What this instance hears of the changes every instance makes, through PostgreSQL's LISTEN/NOTIFY on the
 * channel `refugio_cambios` (database triggers announce every change to a pet or its gallery, whatever wrote
 * it: migration 0010_change_feed). Caches subscribe to it and drop what changed.
 */
export interface ChangeFeed {
  /** True while every change is heard. A cache must not answer from memory while it is false. */
  readonly live: boolean;
  /** `listener` runs after pets changed (their row, their gallery or their videos), on any instance. */
  onPets(listener: (pets: ChangedPets) => void): void;
  /** Announces pets changed outside the database (their videos, in storage): here at once, and to the others. */
  petsChanged(ids: readonly number[]): Promise<void>;
  /**
   * Resolves once this instance has heard every change committed before the call. PGlite hears a change before
   * the statement that made it returns; PostgreSQL delivers it on another connection a moment after the commit,
   * so this sends a marker through the channel and waits for it to come back (after everything sent before).
   */
  caughtUp(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    changes: ChangeFeed;
  }
}

export const CHANGES_CHANNEL = 'refugio_cambios';
/** How long a write's answer waits for its own change to come back before it gives up on the feed. */
const CATCH_UP_TIMEOUT_MS = 2_000;

/**
 * Announces, within the caller's transaction (delivered by PostgreSQL at its commit, never before), that what every
 * pet shows may have changed: e.g. the organisation's time zone, from which the public care badges count days.
 */
export async function announceAllPetsChanged(handle: Pick<Database, 'execute'>): Promise<void> {
  await handle.execute(sql`SELECT pg_notify(${CHANGES_CHANNEL}, 'pet:*')`);
}

function parsePets(list: string): ChangedPets {
  if (list === '*') return 'all';
  const ids = list.split(',').map(Number);
  return ids.every((id) => Number.isSafeInteger(id)) ? ids : 'all';
}

/**
 * The change feed (`app.changes`). While it is not live (the listening connection to PostgreSQL is down or not
 * yet open) every subscriber is told 'all' and caches answer from the database; when it comes back they are told
 * 'all' again, since what changed meanwhile is unknown. On PostgreSQL the answer to every successful write
 * waits (`caughtUp`) until this instance has heard its changes, so the next request here reads them.
 */
export const changesPlugin = fp(
  async (app: FastifyInstance) => {
    const listeners: ((pets: ChangedPets) => void)[] = [];
    const markers = new Map<string, () => void>();
    let live = false;

    const tellPets = (pets: ChangedPets) => {
      for (const listener of listeners) {
        try {
          listener(pets);
        } catch (error) {
          app.log.error({ err: error }, 'change feed: a subscriber failed');
        }
      }
    };

    const onNotify = (payload: string) => {
      const colon = payload.indexOf(':');
      const topic = payload.slice(0, colon);
      const value = payload.slice(colon + 1);
      if (topic === 'pet') tellPets(parsePets(value));
      else if (topic === 'marker') markers.get(value)?.();
    };
    let closing = false;
    const onState = (isLive: boolean) => {
      if (isLive === live) return;
      live = isLive;
      tellPets('all');
      // A shutdown stops listening on purpose: only an unexpected loss is worth an operator's attention.
      if (!isLive && !closing) app.log.warn('change feed: not hearing changes; caches read the database until it is back');
    };

    const stop = await app.database.listen(CHANGES_CHANNEL, onNotify, onState);
    app.addHook('onClose', async () => {
      closing = true;
      onState(false);
      await stop();
    });

    const feed: ChangeFeed = {
      get live() {
        return live;
      },
      onPets(listener) {
        listeners.push(listener);
      },
      async petsChanged(ids) {
        if (ids.length === 0) return;
        tellPets(ids);
        await app.db.execute(sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${`pet:${ids.join(',')}`})`);
      },
      async caughtUp() {
        if (!live || app.database.driver === 'pglite') return;
        const marker = randomUUID();
        let timer: NodeJS.Timeout | undefined;
        const heard = new Promise<boolean>((resolve) => {
          markers.set(marker, () => resolve(true));
          timer = setTimeout(() => resolve(false), CATCH_UP_TIMEOUT_MS);
        });
        try {
          await app.db.execute(sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${`marker:${marker}`})`);
          if (!(await heard)) {
            // The listening connection is stuck: better no cache than a stale one.
            app.log.warn('change feed: a marker did not come back in time');
            tellPets('all');
          }
        } finally {
          clearTimeout(timer);
          markers.delete(marker);
        }
      },
    };
    app.decorate('changes', feed);

    app.addHook('onSend', async (request, reply) => {
      const writes = request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS';
      if (writes && reply.statusCode < 400) await feed.caughtUp();
    });
  },
  { name: 'changes', dependencies: ['db'] },
);
