import { type Server, type Socket, connect, createServer } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';
import { pet } from '../../src/db/schema';
import { PUBLIC_URL, type TestApp, createTestApp } from '../helpers/helpers';
import { multipart, petFields } from '../helpers/media';
import { openThrowawayDatabase } from '../helpers/throwaway-database';

const postgres = process.env.TEST_DATABASE_URL;

/**
 * A TCP relay on loopback to PostgreSQL that can be frozen: while frozen, connections stay open but nothing
 * passes in either direction (what a stalled network path or proxy does); thawed, what was held goes through.
 */
async function freezableRelay(target: { host: string; port: number }) {
  let frozen = false;
  const held: (() => void)[] = [];
  const sockets = new Set<Socket>();
  const relay = (from: Socket, to: Socket) => {
    from.on('data', (chunk: Buffer) => {
      if (frozen) held.push(() => to.write(chunk));
      else to.write(chunk);
    });
    from.on('close', () => to.destroy());
    from.on('error', () => to.destroy());
  };
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    relay(client, upstream);
    relay(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('relay not listening');
  return {
    port: address.port,
    freeze: () => {
      frozen = true;
    },
    thaw: () => {
      frozen = false;
      for (const send of held.splice(0)) send();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * An instance whose listening connection hangs without closing must stop answering from memory (it would keep
 * serving a pet changed elsewhere) until its feed is healthy again. Two app instances on one PostgreSQL
 * database: `b` listens through a relay that the test freezes; its pool and `a` reach PostgreSQL directly.
 */
describe.skipIf(!postgres)('a change feed whose listening connection hangs', () => {
  const HEARTBEAT_EVERY_MS = 100;
  const HEARTBEAT_WITHIN_MS = 300;
  let relay: Awaited<ReturnType<typeof freezableRelay>>;
  let drop: () => Promise<void>;
  let shared: DatabaseHandle;
  let bDatabase: DatabaseHandle;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    const throwaway = await openThrowawayDatabase(postgres!, { prefix: 'refugio_feed_hang', poolSize: 4 });
    drop = throwaway.drop;
    shared = throwaway.database;
    const direct = new URL(postgres!);
    direct.pathname = `/${throwaway.name}`;
    relay = await freezableRelay({ host: direct.hostname, port: Number(direct.port || 5432) });
    const listenUrl = new URL(direct);
    listenUrl.host = `127.0.0.1:${relay.port}`;
    bDatabase = await openDatabase({
      driver: 'postgres',
      url: direct.toString(),
      poolSize: 4,
      listen: { url: listenUrl.toString(), heartbeatEveryMs: HEARTBEAT_EVERY_MS, heartbeatWithinMs: HEARTBEAT_WITHIN_MS },
    });
    const env = { AUTH_SECRET: 'secreto-compartido-de-las-instancias-0123456789' };
    a = await createTestApp(env, { database: shared });
    b = await createTestApp(env, { database: bDatabase });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await bDatabase?.close();
    await relay?.close();
    await drop?.();
  });

  const asStaff = async (t: TestApp, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { origin: PUBLIC_URL, cookie: await a.as('staff').cookie(), ...options.headers } });
  const read = async (t: TestApp, id: number) => (await asStaff(t, { url: `/phpApi/mascota/${id}` })).json<{ nombre: string; version: number }>();
  const renameSilently = (id: number, nombre: string) =>
    shared.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.update(pet).set({ nombre }).where(eq(pet.id, id));
    });
  /** Waits (polling, bounded by many heartbeats) until `check` holds. */
  const eventually = async (check: () => boolean | Promise<boolean>, rounds = 200) => {
    for (let i = 0; i < rounds && !(await check()); i++) await new Promise((r) => setTimeout(r, 25));
    expect(await check()).toBe(true);
  };

  it('stops answering from memory within the heartbeat bound, and caches again once the feed is back', async () => {
    const form = multipart(petFields({ nombre: 'Trufa', estado: 'publicada' }));
    const created = await asStaff(a, { method: 'POST', url: '/phpApi/mascota/nueva', payload: form.payload, headers: form.headers });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<{ id: number }>().id;
    await eventually(() => b.app.changes.live);
    expect((await read(b, id)).nombre).toBe('Trufa');
    // Proof that `b` answers from memory: a change nobody announces is not seen.
    await renameSilently(id, 'Trufa a escondidas');
    expect((await read(b, id)).nombre).toBe('Trufa');

    // The listening connection hangs: open, silent. A save on `a` is announced, but `b` cannot hear it.
    relay.freeze();
    const before = await read(a, id);
    const save = multipart(petFields({ nombre: 'Trufa adoptada', version: String(before.version) }));
    const saved = await asStaff(a, { method: 'POST', url: `/phpApi/mascota/${id}/actualizar`, payload: save.payload, headers: save.headers });
    expect(saved.statusCode, saved.body).toBe(200);
    // Within a few heartbeats `b` knows its feed is not live, and reads the database.
    await eventually(() => !b.app.changes.live);
    expect((await read(b, id)).nombre).toBe('Trufa adoptada');
    await renameSilently(id, 'Trufa leída de la base');
    expect((await read(b, id)).nombre).toBe('Trufa leída de la base');

    // The path recovers: `b` listens again, and answers from memory again (a silent change is not seen).
    relay.thaw();
    await eventually(() => b.app.changes.live);
    expect((await read(b, id)).nombre).toBe('Trufa leída de la base');
    await renameSilently(id, 'Trufa escondida otra vez');
    expect((await read(b, id)).nombre).toBe('Trufa leída de la base');
    // And hears announced changes again.
    await shared.db.update(pet).set({ edad: '4 años' }).where(eq(pet.id, id));
    await eventually(async () => (await read(b, id)).nombre === 'Trufa escondida otra vez');
  });
});
