import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pet, petImage } from '../../src/db/schema';
import type { InjectOptions } from 'fastify';
import { PUBLIC_URL, type TestApp, createTestApp } from '../helpers/helpers';
import { multipart, petFields, videoBytes } from '../helpers/media';

/**
 * The caches of the pet read and the public catalogue, kept right by the change feed (LISTEN/NOTIFY fed by
 * database triggers): on PGlite, and on PostgreSQL with TEST_DATABASE_URL, with two app instances on one
 * database as behind a load balancer.
 */
describe('change feed and the caches it keeps right', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    // Instances behind one load balancer share the secret that signs the session cookie.
    const env = { AUTH_SECRET: 'secreto-compartido-de-las-instancias-0123456789' };
    a = await createTestApp(env);
    b = await createTestApp(env, { database: a.database });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  /** A staff request to either instance, with the one session (made on `a`). */
  const asStaff = async (t: TestApp, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { origin: PUBLIC_URL, cookie: await a.as('staff').cookie(), ...options.headers } });
  const create = async (t: TestApp, fields: Record<string, string> = {}) => {
    const body = multipart(petFields({ estado: 'publicada', ...fields }));
    const res = await asStaff(t, { method: 'POST', url: '/phpApi/mascota/nueva', payload: body.payload, headers: body.headers });
    expect(res.statusCode, res.body).toBe(200);
    // The instance that created has heard its change before answering; the other hears it a moment later (on
    // PostgreSQL): a read there before that moment may be dropped by it, which is not what these tests are about.
    await (t === a ? b : a).app.changes.caughtUp();
    return res.json<{ id: number; version: number }>().id;
  };
  const read = async (t: TestApp, id: number) =>
    (await asStaff(t, { url: `/phpApi/mascota/${id}` })).json<{ nombre: string; version: number; estado: string }>();
  const save = async (t: TestApp, id: number, fields: Record<string, string>) => {
    const body = multipart(petFields(fields));
    const res = await asStaff(t, { method: 'POST', url: `/phpApi/mascota/${id}/actualizar`, payload: body.payload, headers: body.headers });
    expect(res.statusCode, res.body).toBe(200);
  };
  const catalogue = async (t: TestApp, query = '') =>
    (await t.as('anonymous').inject({ url: `/api/public/mascotas?pageSize=48${query}` })).json<{
      items: { id: number; nombre: string; videos: string[] }[];
    }>();
  /** Changes a pet's name in the database with its triggers off: a change nobody announces. */
  const renameSilently = (id: number, nombre: string) =>
    a.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.update(pet).set({ nombre }).where(eq(pet.id, id));
    });
  /** Polls until `check` holds (a change reaches another instance a moment after its commit on PostgreSQL). */
  const eventually = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
    expect(await check()).toBe(true);
  };

  it('answers a pet read from memory until the pet changes, on every instance', async () => {
    const id = await create(a, { nombre: 'Luna' });
    expect((await read(a, id)).nombre).toBe('Luna');
    expect((await read(b, id)).nombre).toBe('Luna');
    // Unannounced: both keep answering what they hold (proof that the answer comes from memory).
    await renameSilently(id, 'Cambiada a escondidas');
    expect((await read(a, id)).nombre).toBe('Luna');
    expect((await read(b, id)).nombre).toBe('Luna');
    // An announced change (any write through the database fires the triggers) reaches both.
    await a.database.db.update(pet).set({ edad: '3 años' }).where(eq(pet.id, id));
    await eventually(async () => (await read(a, id)).nombre === 'Cambiada a escondidas');
    await eventually(async () => (await read(b, id)).nombre === 'Cambiada a escondidas');
  });

  it('lets the instance that saved read its own save at once, every time', async () => {
    const id = await create(a, { nombre: 'Coco' });
    for (let i = 1; i <= 15; i++) {
      const before = await read(a, id);
      await save(a, id, { nombre: `Coco ${i}`, version: String(before.version) });
      const after = await read(a, id);
      expect(after).toMatchObject({ nombre: `Coco ${i}`, version: before.version + 1 });
    }
  });

  it('keeps catalogue pages until any pet changes; a save on one instance shows on the other', async () => {
    const id = await create(a, { nombre: 'Toby' });
    expect((await catalogue(b)).items.find((p) => p.id === id)?.nombre).toBe('Toby');
    await renameSilently(id, 'Oculto');
    expect((await catalogue(b)).items.find((p) => p.id === id)?.nombre).toBe('Toby');
    const other = await create(a, { nombre: 'Otra' });
    await eventually(async () => (await catalogue(b)).items.some((p) => p.id === other));
    expect((await catalogue(b)).items.find((p) => p.id === id)?.nombre).toBe('Oculto');
    // A pet withdrawn to draft leaves every instance's catalogue.
    await save(a, id, { nombre: 'Oculto', estado: 'borrador' });
    await eventually(async () => !(await catalogue(b)).items.some((p) => p.id === id));
    expect((await b.as('anonymous').inject({ url: `/api/public/mascotas/${id}` })).statusCode).toBe(404);
  });

  it('shows a video in the catalogue as soon as it is uploaded, and not after it is deleted; the others hear of it', async () => {
    // (Each test app keeps media in its own folder: the videos are read back through the instance that stored them.)
    const id = await create(a, { nombre: 'Nala' });
    expect((await catalogue(a)).items.find((p) => p.id === id)?.videos).toEqual([]);
    expect((await catalogue(b)).items.find((p) => p.id === id)?.nombre).toBe('Nala');
    await renameSilently(id, 'Nala con video');
    const video = multipart([{ name: 'file', value: videoBytes.mp4(4096), fileName: 'paseo.mp4', contentType: 'video/mp4' }]);
    const up = await asStaff(a, { method: 'POST', url: `/api/mascotas/${id}/videos`, payload: video.payload, headers: video.headers });
    expect(up.statusCode, up.body).toBe(200);
    expect((await catalogue(a)).items.find((p) => p.id === id)?.videos).toHaveLength(1);
    expect((await a.as('anonymous').inject({ url: `/api/public/mascotas/${id}` })).json<{ videos: string[] }>().videos).toHaveLength(1);
    // The other instance dropped its page too: it reads the (silently) renamed pet.
    await eventually(async () => (await catalogue(b)).items.find((p) => p.id === id)?.nombre === 'Nala con video');
    const name = up.json<{ fileName: string }>().fileName;
    const del = await asStaff(a, { method: 'DELETE', url: `/api/mascotas/${id}/videos/${encodeURIComponent(name)}` });
    expect(del.statusCode, del.body).toBe(200);
    expect((await catalogue(a)).items.find((p) => p.id === id)?.videos).toEqual([]);
  });

  it("drops a pet's entries when its gallery changes", async () => {
    const id = await create(a, { nombre: 'Galería' });
    const images = async () => (await b.as('anonymous').inject({ url: `/api/public/mascotas/${id}` })).json<{ imagenes: string[] }>().imagenes;
    expect(await images()).toEqual([]);
    await a.database.db.insert(petImage).values({ petId: id, nombre: 'nueva.jpg', orden: 1, width: 1, height: 1, bytes: 1, contentHash: 'x' });
    await eventually(async () => (await images()).length === 1);
    await a.database.db.delete(petImage).where(eq(petImage.petId, id));
    await eventually(async () => (await images()).length === 0);
  });

  it('makes a scheduled pet public at its time, though nothing announces it', async () => {
    const at = new Date(Date.now() + 1_500);
    const id = await create(a, { nombre: 'Programada', estado: 'programada', publicarEn: at.toISOString() });
    expect((await catalogue(b)).items.some((p) => p.id === id)).toBe(false);
    expect((await read(b, id)).nombre).toBe('Programada');
    await new Promise((r) => setTimeout(r, Math.max(0, at.getTime() - Date.now() + 50)));
    expect((await catalogue(b)).items.some((p) => p.id === id)).toBe(true);
    expect((await read(b, id)).estado).toBe('publicada');
  });

  it('drops every entry when a statement changes many pets', async () => {
    const ids = [await create(a, { nombre: 'Uno' }), await create(a, { nombre: 'Dos' })];
    for (const id of ids) expect((await read(b, id)).nombre).not.toBe('Masivo');
    for (const id of ids) await renameSilently(id, 'Masivo');
    // More than 200 rows in one statement (other pets): the triggers announce 'every pet', so these go too.
    await a.database.db.execute(
      sql`INSERT INTO pet (nombre, edad, tipo, genero, tamano) SELECT 'Relleno ' || g, '1', 'Perro', 'macho', 'chico' FROM generate_series(1, 201) g`,
    );
    for (const id of ids) await eventually(async () => (await read(b, id)).nombre === 'Masivo');
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'reads the database while the listening connection is down, and caches again once it is back',
    async () => {
      const id = await create(a, { nombre: 'Kira' });
      expect((await read(b, id)).nombre).toBe('Kira');
      await renameSilently(id, 'Kira sin aviso');
      expect((await read(b, id)).nombre).toBe('Kira');
      // PostgreSQL ends the listening connections (a restart, a network cut): notifications may be lost now.
      await a.database.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
      );
      await eventually(async () => !b.app.changes.live);
      expect((await read(b, id)).nombre).toBe('Kira sin aviso');
      await renameSilently(id, 'Kira otra vez');
      expect((await read(b, id)).nombre).toBe('Kira otra vez');
      // Reconnected (after 0.5 s): answers come from memory again, and changes are heard again.
      await eventually(async () => b.app.changes.live && a.app.changes.live);
      expect((await read(b, id)).nombre).toBe('Kira otra vez');
      await renameSilently(id, 'Kira escondida');
      expect((await read(b, id)).nombre).toBe('Kira otra vez');
      await save(a, id, { nombre: 'Kira de nuevo', version: String((await read(a, id)).version) });
      await eventually(async () => (await read(b, id)).nombre === 'Kira de nuevo');
    },
  );
});
