import { PET_BATCH_MAX } from '@refugio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pet } from '../../src/db/schema';
import { PUBLIC_URL, type TestApp, createTestApp } from '../helpers/helpers';

/**
 * A bulk action on the whole pet list (PET_BATCH_MAX pets, one transaction each) must not hold the server: on
 * PGlite (one connection, queries run in this process) other requests are answered between its pets. Proved by
 * order, not by time: health checks and a staff read sent once the action has started all finish before it does.
 * The app listens on a real port, so requests go through the event loop as a browser's would.
 */
describe('a large bulk action lets other requests through', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address !== 'object') throw new Error('not listening');
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => t.close());

  it(`answers /api/health and a staff list page while ${PET_BATCH_MAX} pets are published`, async () => {
    const cookie = await t.as('staff').cookie();
    const rows = await t.database.db
      .insert(pet)
      .values(
        Array.from({ length: PET_BATCH_MAX }, (_, i) => ({ nombre: `Lote ${i}`, edad: '1 año', tipo: 'Perro', genero: 'macho', tamano: 'chico' })),
      )
      .returning({ id: pet.id, version: pet.version });
    const staffGet = async (url: string) => {
      const res = await fetch(`${base}${url}`, { headers: { cookie } });
      await res.arrayBuffer();
      return res.status;
    };

    // The first pet's change (heard through the change feed) says the action is under way.
    let changed = 0;
    let started!: () => void;
    const underWay = new Promise<void>((resolve) => (started = resolve));
    t.app.changes.onPets(() => {
      changed += 1;
      started();
    });

    let batchDone = false;
    const batch = (async () => {
      const res = await fetch(`${base}/api/mascotas/lote`, {
        method: 'POST',
        headers: { cookie, origin: PUBLIC_URL, 'content-type': 'application/json' },
        body: JSON.stringify({ accion: 'publicar', items: rows }),
      });
      const body = (await res.json()) as { resultados: { ok: boolean }[] };
      batchDone = true;
      return { status: res.status, body };
    })();

    await underWay;
    // Each answer, in turn, must arrive while the action still runs: health (no database) and a staff read
    // (needs the database: its queries get the connection between the action's pets).
    const answeredDuring: [string, number, boolean][] = [];
    for (let round = 0; round < 3; round++) {
      for (const url of ['/api/health', '/phpApi/mascotas?page=1&pageSize=10']) {
        const status = await staffGet(url);
        answeredDuring.push([url, status, !batchDone]);
      }
    }
    const done = await batch;
    expect(done.status).toBe(200);
    expect(done.body.resultados).toHaveLength(PET_BATCH_MAX);
    expect(done.body.resultados.every((r) => r.ok)).toBe(true);
    expect(changed).toBeGreaterThan(0);
    expect(answeredDuring).toEqual(answeredDuring.map(([url]) => [url, 200, true]));
    // Proved by order, not by time: on a loaded machine the thousand transactions alone may take over 30 s.
  }, 180_000);
});
