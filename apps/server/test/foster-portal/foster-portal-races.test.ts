import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOSTER_NEWS_LIMITS, fosterPortalMessages } from '@refugio/contracts';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';
import { fosterNews, fosterPortalLink, historyEvent, person, pet } from '../../src/db/schema';
import { dayIn } from '../../src/modules/movements/movements.service';
import { PUBLIC_URL, STAFF, type TestApp, createTestApp } from '../helpers/helpers';
import { jpeg, multipart } from '../helpers/media';
import { openThrowawayDatabase } from '../helpers/throwaway-database';

/*
 * Issue 33.4: the checks of the foster portal that count or replace rows hold when requests arrive at once, on two
 * instances of the server on one database (on PostgreSQL each with its own pool, as two processes would be): a
 * link's news per day, and "a new link: the previous one stops working". Real parallel HTTP requests, each on its
 * own connection, alternating between the instances.
 */
describe('foster portal races, on two instances', () => {
  let a: TestApp;
  let b: TestApp;
  let second: DatabaseHandle | undefined;
  let drop: () => Promise<void> = () => Promise.resolve();
  const servers: { base: string; cookie: string }[] = [];
  let today: string;

  beforeAll(async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      const opened = await openThrowawayDatabase(serverUrl, { prefix: 'refugio_test', poolSize: 10 });
      drop = opened.drop;
      const url = new URL(serverUrl);
      url.pathname = `/${opened.name}`;
      second = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 10 });
      a = await createTestApp({}, { database: opened.database });
      b = await createTestApp({}, { database: second });
    } else {
      a = await createTestApp();
      b = await createTestApp({}, { database: a.database });
    }
    const cookie = await a.as('staff').cookie();
    servers.push({ base: await a.app.listen({ port: 0, host: '127.0.0.1' }), cookie });
    servers.push({ base: await b.app.listen({ port: 0, host: '127.0.0.1' }), cookie: await b.signIn(STAFF.email, STAFF.password) });
    today = dayIn(a.config.orgTimeZone, new Date());
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await second?.close();
    await drop();
  });

  /** Request `i` goes to instance `i % 2`. */
  async function send(i: number, url: string, init: { body?: Uint8Array | string; headers?: Record<string, string>; staff?: boolean } = {}) {
    const server = servers[i % 2]!;
    const headers: Record<string, string> = { origin: PUBLIC_URL, ...(init.staff !== false && { cookie: server.cookie }), ...init.headers };
    const res = await fetch(`${server.base}${url}`, { method: 'POST', headers, body: init.body ?? null });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  async function fosterWithPet(nombre: string) {
    const db = a.database.db;
    const [p] = await db
      .insert(person)
      .values({ nombre, apellidos: 'Ruiz', email: `${nombre.toLowerCase()}@example.com`, roles: ['acogida'], consentimientoEmail: true })
      .returning();
    const [animal] = await db
      .insert(pet)
      .values({ nombre: `Mascota de ${nombre}`, edad: '2 años', tipo: 'Perro', genero: 'macho', tamano: 'mediano' })
      .returning();
    const moved = await a.as('staff').inject({
      method: 'POST',
      url: `/api/mascotas/${animal!.id}/movimientos`,
      payload: { fecha: today, version: animal!.version, tipo: 'acogida', personaId: p!.id },
    });
    expect(moved.statusCode, moved.body).toBe(201);
    return { personaId: p!.id, petId: animal!.id };
  }

  it('twelve "new link" requests at once leave exactly one link working, and the history tells each revocation', async () => {
    const { personaId } = await fosterWithPet('Nerea');
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => send(i, `/api/personas/${personaId}/portal`)));
    for (const res of answers) expect(res.status, JSON.stringify(res.body)).toBe(200);

    const active = await a.database.db
      .select()
      .from(fosterPortalLink)
      .where(and(eq(fosterPortalLink.personaId, personaId), isNull(fosterPortalLink.revocadoEn)));
    expect(active).toHaveLength(1);
    const views = await Promise.all(
      answers.map(async (res) => (await fetch(`${servers[0]!.base}/api/portal/${String(res.body.url).split('/portal/')[1]}`)).status),
    );
    expect(views.filter((status) => status === 200)).toHaveLength(1);
    expect(views.filter((status) => status === 404)).toHaveLength(11);

    const links = await a.database.db.select({ id: fosterPortalLink.id }).from(fosterPortalLink).where(eq(fosterPortalLink.personaId, personaId));
    const events = (await a.database.db.select().from(historyEvent).where(eq(historyEvent.entidad, 'enlace_portal'))).filter((e) =>
      links.some((l) => String(l.id) === e.entidadId),
    );
    expect(events.filter((e) => e.accion === 'crear')).toHaveLength(12);
    expect(events.filter((e) => e.accion === 'estado')).toHaveLength(11);
  });

  it(`forty news sent at once through one link: ${FOSTER_NEWS_LIMITS.newsPerDay} are taken, the rest refused with the budget's message`, async () => {
    const { personaId, petId } = await fosterWithPet('Olivia');
    const created = await send(0, `/api/personas/${personaId}/portal`);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const token = String(created.body.url).split('/portal/')[1]!;

    // Each with a small photo: its decoding, between the check and the insert, lets the others' checks run meanwhile.
    const photo = await jpeg(40, 30);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const form = multipart([
          { name: 'mascotaId', value: String(petId) },
          { name: 'texto', value: `Novedad ${i}` },
          { name: 'fotos', value: photo, fileName: 'foto.jpg', contentType: 'image/jpeg' },
        ]);
        return send(i, `/api/portal/${token}/novedades`, { body: new Uint8Array(form.payload), headers: form.headers, staff: false });
      }),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(FOSTER_NEWS_LIMITS.newsPerDay);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - FOSTER_NEWS_LIMITS.newsPerDay);
    for (const res of answers.filter((r) => r.status === 429)) expect(res.body.message).toBe(fosterPortalMessages.budget);

    const rows = await a.database.db.select({ id: fosterNews.id }).from(fosterNews).where(eq(fosterNews.personaId, personaId));
    expect(rows).toHaveLength(FOSTER_NEWS_LIMITS.newsPerDay);
    // The refused news' photos were removed: the taken ones' photos and thumbnails are all that is stored (each
    // instance has its own folder here).
    const stored = [...(await a.app.storage.list('novedades/')), ...(await b.app.storage.list('novedades/'))];
    expect(stored).toHaveLength(2 * FOSTER_NEWS_LIMITS.newsPerDay);
    const events = await a.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'novedad_acogida'), eq(historyEvent.accion, 'crear')));
    expect(events.filter((e) => rows.some((r) => String(r.id) === e.entidadId))).toHaveLength(FOSTER_NEWS_LIMITS.newsPerDay);
  });
});
