import { type PetListItem, listPetsQuerySchema, listPetsResponseSchema, petListItemSchema } from '@refugio/contracts';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adoptionRequest, pet } from '../../src/db/schema';
import { createPetListReader, listWriterFor } from '../../src/modules/pets/pet-list.repository';
import { createPetsRepository } from '../../src/modules/pets/pets.repository';
import { toPetDto } from '../../src/modules/pets/pet-dto';
import { adoptionApplication } from '../helpers/application-support';
import { type TestApp, createTestApp } from '../helpers/helpers';

/**
 * The list's page is written as JSON by the database (pet-list.repository.ts). Every field of every item must be
 * what the detail's answer (toPetDto, written in TypeScript) says of the same pet: flags, tags as compact JSON
 * text, ISO dates cut to the millisecond, the effective state, the thumbnail's URL, on PGlite and PostgreSQL
 * alike; with names, tags and file names chosen to catch a difference in escaping or encoding.
 */
describe('the pet list answer written by the database', () => {
  let t: TestApp;
  const keys = Object.keys(petListItemSchema.shape) as (keyof PetListItem)[];

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const base = { edad: '2 años', tipo: 'Perro', genero: 'hembra', tamano: 'mediano', historia: '', personalidad: '' };

  /** A pet written straight to the table (values the forms would not let through), then its timestamps set to the microsecond. */
  async function insertPet(values: Partial<typeof pet.$inferInsert> & { nombre: string }, stamps: { updatedAt?: string } = {}): Promise<number> {
    const [row] = await t.database.db
      .insert(pet)
      .values({ ...base, ...values })
      .returning({ id: pet.id });
    if (stamps.updatedAt) await t.database.db.execute(sql`UPDATE ${pet} SET updated_at = ${stamps.updatedAt}::timestamptz WHERE id = ${row!.id}`);
    return row!.id;
  }

  /** What the list must say of a pet: the detail's fields, and the open requests counted in the table. */
  async function expected(id: number): Promise<PetListItem> {
    const row = await createPetsRepository(t.database.db).findById(id, { includeDeleted: true });
    const dto = toPetDto(row!) as unknown as Record<string, unknown>;
    const [open] = await t.database.db
      .select({ n: count() })
      .from(adoptionRequest)
      .where(and(eq(adoptionRequest.petId, id), inArray(adoptionRequest.estado, ['nueva', 'en_revision'])));
    return Object.fromEntries(keys.map((key) => [key, key === 'solicitudesAbiertas' ? open!.n : dto[key]])) as PetListItem;
  }

  async function listText(url: string): Promise<string> {
    const res = await t.as('staff').inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return res.body;
  }

  it('says of every pet exactly what its detail says, whatever the names, tags and file names hold', async () => {
    const odd = await insertPet(
      {
        nombre: "Lu\"na \\ 'x' </script> \u2028 ñ 🐶",
        tags: ['a", "b', 'c\\d', '"', 'ü', '🐾', '\u0001control\u001f', ',', '', '[]'],
        imagenPrincipal: 'foto perro ñ #?&%+=.jpg',
        estado: 'programada',
        publicarEn: new Date('2030-01-02T03:04:05.999Z'),
      },
      { updatedAt: '2026-05-06 07:08:09.999999+00' },
    );
    // Scheduled for a time that has come: published, by the query.
    const due = await insertPet(
      {
        nombre: 'Toby',
        tags: [],
        imagenPrincipal: "a-b_c.d!~*'()x.webp",
        adoptado: true,
        discapacidad: true,
        estado: 'programada',
        publicarEn: new Date('2020-01-01T00:00:00.000Z'),
      },
      { updatedAt: '2026-01-01 00:00:00.000500+00' },
    );
    const plain = await insertPet({ nombre: 'Simba', tags: ['tranquilo'], estado: 'publicada' }, { updatedAt: '2026-02-03 04:05:06+00' });
    // Two open applications for the published pet (public form), one of them then read by the staff.
    for (const email of ['ana@example.com', 'luis@example.com']) {
      const res = await t
        .as('anonymous')
        .inject({ method: 'POST', url: '/api/public/solicitudes-adopcion', payload: adoptionApplication(plain, { email }) });
      expect(res.statusCode, res.body).toBe(201);
    }
    // The microseconds of the scheduled time too (a date the form cannot give).
    await t.database.db.execute(sql`UPDATE ${pet} SET publicar_en = '2030-01-02 03:04:05.999999+00' WHERE id = ${odd}`);

    const text = await listText('/phpApi/mascotas?page=1&pageSize=100&sort=createdAt&order=asc');
    const body = listPetsResponseSchema.parse(JSON.parse(text));
    expect(body).toMatchObject({ total: 3, totalExact: true, page: 1, pageSize: 100 });
    expect(body.items.map((item) => item.id)).toEqual([odd, due, plain]);
    for (const item of body.items) expect(item).toStrictEqual(await expected(item.id));
    // Both writers, whichever this database uses for the route: the same items.
    const query = listPetsQuerySchema.parse({ page: '1', pageSize: '100', sort: 'createdAt', order: 'asc' });
    for (const writer of ['database', 'server'] as const) {
      const page = await createPetListReader(t.database.db, writer).list(query);
      expect(JSON.parse(`[${page.items}]`), writer).toStrictEqual(body.items);
    }

    // The cases this test is for, spelled out.
    const [first, second, third] = body.items;
    expect(first!.tags).toBe(JSON.stringify(['a", "b', 'c\\d', '"', 'ü', '🐾', '\u0001control\u001f', ',', '', '[]']));
    expect(first!.thumbnailUrl).toBe(`/phpApi/storage/app/public/productos/${odd}/thumbs/foto%20perro%20%C3%B1%20%23%3F%26%25%2B%3D.jpg.webp`);
    expect(first!.updatedAt).toBe('2026-05-06T07:08:09.999Z');
    expect(first!.publicarEn).toBe('2030-01-02T03:04:05.999Z');
    expect(second).toMatchObject({ estado: 'publicada', adoptado: '1', discapacidad: '1', tags: '[]', updatedAt: '2026-01-01T00:00:00.000Z' });
    expect(second!.thumbnailUrl).toBe(`/phpApi/storage/app/public/productos/${due}/thumbs/a-b_c.d!~*'()x.webp.webp`);
    expect(third).toMatchObject({ solicitudesAbiertas: 2, thumbnailUrl: null, deletedAt: null, tags: '["tranquilo"]' });
  });

  it('writes a deleted pet the same way, and an empty page as an empty list', async () => {
    const gone = await insertPet({ nombre: 'Nube', tags: ['x'] });
    await t.database.db.execute(sql`UPDATE ${pet} SET deleted_at = '2026-03-04 05:06:07.891234+00' WHERE id = ${gone}`);
    const body = listPetsResponseSchema.parse(JSON.parse(await listText('/phpApi/mascotas?eliminadas=1')));
    expect(body.items).toStrictEqual([await expected(gone)]);
    expect(body.items[0]!.deletedAt).toBe('2026-03-04T05:06:07.891Z');

    expect(JSON.parse(await listText('/phpApi/mascotas?q=ninguna-mascota-se-llama-asi'))).toEqual({
      items: [],
      total: 0,
      totalExact: true,
      page: 1,
      pageSize: 20,
    });
    // A page past the last one: no rows, the count still right.
    expect(JSON.parse(await listText('/phpApi/mascotas?page=9&pageSize=1&eliminadas=1'))).toEqual({
      items: [],
      total: 1,
      totalExact: true,
      page: 9,
      pageSize: 1,
    });
  });

  it('writes the dates in UTC whatever the time zone of the database session', async () => {
    const id = await insertPet({ nombre: 'Zona', tags: [], estado: 'programada', publicarEn: new Date('2031-06-30T23:59:59.123Z') });
    // A server configured for Spain (or for anywhere): the session's zone must not leak into the answer.
    const items = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL TIME ZONE 'Pacific/Chatham'`);
      const page = await createPetListReader(tx, listWriterFor(t.database.driver)).list(listPetsQuerySchema.parse({ q: 'zona' }));
      return JSON.parse(`[${page.items}]`) as PetListItem[];
    });
    expect(items).toStrictEqual([await expected(id)]);
    expect(items[0]!.publicarEn).toBe('2031-06-30T23:59:59.123Z');
  });

  it('encodes a file name in SQL exactly as encodeURIComponent does', async () => {
    const ascii = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('');
    for (const name of [ascii, 'ñÑáü€ß', '😀🐾', '\u0001\t\n\u007f', 'plain-name_1.jpg', "!~*'()"]) {
      const result = await t.database.db.execute(sql`SELECT refugio_uri_component(${name}) AS encoded`);
      expect((result as { rows: { encoded: string }[] }).rows[0]?.encoded, name).toBe(encodeURIComponent(name));
    }
  });

  // PostgreSQL only: PGlite has no named statements (it plans every statement for its values).
  it.skipIf(!process.env.TEST_DATABASE_URL)('plans a search for its own words, and keeps one plan for browsing', async () => {
    const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const original = client.query.bind(client);
    const names: (string | undefined)[] = [];
    client.query = (...args: unknown[]) => {
      const config = args[0] as { name?: string; text?: string };
      if (typeof config === 'object' && config.text?.includes('string_agg')) names.push(config.name);
      return original(...args);
    };
    try {
      await listText('/phpApi/mascotas?q=luna');
      await listText('/phpApi/mascotas?q=toby&tipo=Perro');
      await listText('/phpApi/mascotas?tipo=Perro');
    } finally {
      client.query = original;
    }
    // A prepared statement's generic plan cannot tell a rare word from a common one (bench README, fifth round).
    expect(names.slice(0, 2).map(Boolean)).toEqual([false, false]);
    expect(names[2]).toMatch(/^pet_list_\d+$/);
  });
});
