import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pet, petImage } from '../../src/db/schema';
import { migrationsFolder } from '../../src/lib/paths';
import { imageKey, thumbnailKey } from '../../src/media/storage-keys';
import { PUBLIC_URL, type TestApp, createTestApp, openTestDatabase } from '../helpers/helpers';
import { type Part, jpeg, multipart, petFields } from '../helpers/media';
import { openThrowawayDatabase } from '../helpers/throwaway-database';

/*
 * Races on one pet, sent as real parallel HTTP requests to a listening server (each on its own connection), so
 * that on PostgreSQL they run in separate transactions at once. PGlite runs one statement at a time; the same
 * outcomes must hold on both.
 */
describe('concurrent changes of one pet', () => {
  let t: TestApp;
  let base: string;
  let cookie: string;
  let drop: () => Promise<void> = () => Promise.resolve();

  beforeAll(async () => {
    // The production pool size (10 connections) on PostgreSQL, so that as many transactions overlap as in a server.
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      const opened = await openThrowawayDatabase(serverUrl, { prefix: 'refugio_test', poolSize: 10 });
      drop = opened.drop;
      t = await createTestApp({}, { database: opened.database });
    } else {
      t = await createTestApp();
    }
    cookie = await t.as('staff').cookie();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await drop();
  });

  async function send(url: string, init: { method?: string; parts?: Part[]; json?: unknown } = {}) {
    const headers: Record<string, string> = { origin: PUBLIC_URL, cookie };
    let body: string | Uint8Array | undefined;
    if (init.parts) {
      const form = multipart(init.parts);
      Object.assign(headers, form.headers);
      body = new Uint8Array(form.payload);
    } else if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const res = await fetch(`${base}${url}`, { method: init.method ?? 'POST', headers, body });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  async function createPet(parts: Part[] = []): Promise<number> {
    const res = await send('/phpApi/mascota/nueva', { parts: [...petFields(), ...parts] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.id as number;
  }

  const stored = async (key: string) => (await t.app.storage.head(key)) !== undefined;

  it('make-main racing delete of the same image, on 15 pets at once: one wins, and nothing points at a missing file', async () => {
    const photo = await jpeg(40, 30);
    const image: Part = { name: 'image', value: photo, fileName: 'principal.jpg', contentType: 'image/jpeg' };
    const pets = await Promise.all(
      Array.from({ length: 15 }, async () => {
        const id = await createPet([image]);
        const up = await send(`/phpApi/mascota/${id}/imagenes/nueva`, {
          parts: [{ name: 'file', value: photo, fileName: 'galeria.jpg', contentType: 'image/jpeg' }],
        });
        expect(up.status, JSON.stringify(up.body)).toBe(200);
        return { id, imageId: up.body.id as number };
      }),
    );

    // Each pet's image is made main once and deleted by eight requests leaving 0 to 7 ms apart, the make-main
    // leaving at a different moment for each pet (0-7 ms), so that on some pets a delete lands in the middle of
    // the make-main's work whatever the machine's speed (before the fix, 1-2 of 15 pets ended both applied).
    const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const outcomes = await Promise.all(
      pets.map(({ id, imageId }, index) =>
        Promise.all([
          later(index % 8).then(() => send(`/phpApi/mascota/${id}/imagenes/${imageId}/principal`)),
          ...Array.from({ length: 8 }, (_, ms) => later(ms).then(() => send(`/phpApi/mascota/${id}/imagenes/${imageId}/eliminar`))),
        ]),
      ),
    );

    for (const [index, answers] of outcomes.entries()) {
      const { id } = pets[index]!;
      const label = `pet ${id}: make-main then deletes answered ${answers.map((a) => a.status).join(', ')}`;
      // Exactly one request applied; the others found the image gone (404) or the main image changed (409).
      expect(
        answers.filter((a) => a.status === 200),
        label,
      ).toHaveLength(1);
      for (const loser of answers.filter((a) => a.status !== 200)) {
        expect([404, 409], label).toContain(loser.status);
        expect(loser.body.message, label).toMatch(/^No existe|^Otra persona/);
      }
      const [row] = await t.database.db.select().from(pet).where(eq(pet.id, id));
      expect(row?.imagenPrincipal, label).toBeTruthy();
      expect(await stored(imageKey(id, row!.imagenPrincipal!)), label).toBe(true);
      expect(await stored(thumbnailKey(id, row!.imagenPrincipal!)), label).toBe(true);
      for (const gallery of await t.database.db.select().from(petImage).where(eq(petImage.petId, id))) {
        expect(await stored(imageKey(id, gallery.nombre)), label).toBe(true);
      }
    }
  });

  it('gives ten concurrent gallery uploads the positions 1 to 10', async () => {
    const id = await createPet();
    const photo = await jpeg(30, 20);
    const uploads = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        send(`/phpApi/mascota/${id}/imagenes/nueva`, { parts: [{ name: 'file', value: photo, fileName: `f${i}.jpg`, contentType: 'image/jpeg' }] }),
      ),
    );
    expect(uploads.map((u) => u.status)).toEqual(Array.from({ length: 10 }, () => 200));
    const rows = await t.database.db.select().from(petImage).where(eq(petImage.petId, id));
    expect(rows.map((r) => r.orden).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

    // The order can still be changed (positions are unique per pet), also while another upload arrives.
    const reversed = rows
      .sort((a, b) => a.orden - b.orden)
      .map((r) => r.id)
      .reverse();
    const [reordered, extra] = await Promise.all([
      send(`/phpApi/mascota/${id}/imagenes/orden`, { json: { ids: reversed } }),
      send(`/phpApi/mascota/${id}/imagenes/nueva`, { parts: [{ name: 'file', value: photo, fileName: 'extra.jpg', contentType: 'image/jpeg' }] }),
    ]);
    expect(extra.status).toBe(200);
    // The reorder named every image there was when it ran: it applied, or it came after the upload and was refused.
    expect([200, 400]).toContain(reordered.status);
    const after = await t.database.db.select().from(petImage).where(eq(petImage.petId, id));
    expect(after.map((r) => r.orden).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    if (reordered.status === 200) {
      expect(after.sort((a, b) => a.orden - b.orden).map((r) => r.id)).toEqual([...reversed, extra.body.id]);
    }
  });

  it('applies 20 concurrent saves without a version, last write wins (never 409); a stale version still answers 409', async () => {
    const id = await createPet();
    const saves = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(`/phpApi/mascota/${id}/actualizar`, { parts: petFields({ nombre: `Luna ${i}` }) })),
    );
    expect(saves.map((s) => s.status)).toEqual(Array.from({ length: 20 }, () => 200));
    const [row] = await t.database.db.select().from(pet).where(eq(pet.id, id));
    expect(row!.version).toBe(21);
    const last = saves.find((s) => s.body.version === 21);
    expect(row!.nombre).toMatch(/^Luna \d+$/);
    expect(last).toBeDefined();

    const stale = await send(`/phpApi/mascota/${id}/actualizar`, { parts: petFields({ nombre: 'Tarde', version: '20' }) });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/^Otra persona guardó cambios/);
    const adopted = await Promise.all(Array.from({ length: 5 }, () => send(`/phpApi/mascota/${id}/adopcion`, { json: { adoptado: '1' } })));
    expect(adopted.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
  });
});

describe('migration 0009', () => {
  it('numbers the images of each pet 1..n in their order before positions become unique', async () => {
    const { database, drop } = await openTestDatabase({ migrate: false });
    const folder = mkdtempSync(path.join(tmpdir(), 'refugio-migrations-'));
    try {
      // The migrations before 0009 only.
      cpSync(migrationsFolder, folder, { recursive: true });
      const journalFile = path.join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
      journal.entries = journal.entries.filter((e) => e.idx < 9);
      writeFileSync(journalFile, JSON.stringify(journal));
      const { migrate } =
        database.driver === 'pglite' ? await import('drizzle-orm/pglite/migrator') : await import('drizzle-orm/node-postgres/migrator');
      await migrate(database.db as never, { migrationsFolder: folder });

      // Written in SQL: the schema of today has columns the tables of migration 0008 do not.
      const insertPet = async (nombre: string) => {
        const result = await database.db.execute<{ id: number }>(
          sql`INSERT INTO pet (nombre, edad, tipo, genero, tamano) VALUES (${nombre}, '1', 'Gato', 'macho', 'chico') RETURNING id`,
        );
        return (result as { rows: { id: number }[] }).rows[0];
      };
      const a = await insertPet('A');
      const b = await insertPet('B');
      const image = (petId: number, nombre: string, orden: number) => ({ petId, nombre, orden, width: 1, height: 1, bytes: 1, contentHash: '' });
      await database.db
        .insert(petImage)
        .values([
          image(a!.id, 'a1', 1),
          image(a!.id, 'a2', 2),
          image(a!.id, 'a3', 2),
          image(a!.id, 'a4', 5),
          image(b!.id, 'b1', 3),
          image(b!.id, 'b2', 3),
        ]);

      await database.migrate();
      const rows = await database.db.select().from(petImage).orderBy(petImage.petId, petImage.orden);
      expect(rows.map((r) => [r.nombre, r.orden])).toEqual([
        ['a1', 1],
        ['a2', 2],
        ['a3', 3],
        ['a4', 4],
        ['b1', 1],
        ['b2', 2],
      ]);
      await expect(database.db.execute(sql`UPDATE pet_image SET orden = 1 WHERE nombre = 'a2'`)).rejects.toThrow();
    } finally {
      rmSync(folder, { recursive: true, force: true });
      await drop();
    }
  });
});
