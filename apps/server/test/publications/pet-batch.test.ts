import { PET_BATCH_MAX, petBatchMessages } from '@refugio/contracts';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pet } from '../../src/db/schema';
import { PUBLIC_URL, type Role, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';

interface Result {
  id: number;
  nombre: string | null;
  ok: boolean;
  sinCambios?: boolean;
  version?: number;
  code?: string;
  message?: string;
}

const base = { edad: '2 años', tipo: 'Perro', genero: 'macho', tamano: 'mediano' } as const;
const inMs = (ms: number) => new Date(Date.now() + ms);
let sequence = 0;
/** A tag no other test uses, so a filter matches only this test's pets. */
const uniqueTag = () => `lote${(sequence += 1)}x${Math.floor(Math.random() * 1e6)}`;

describe('bulk actions on the pet list (POST /api/mascotas/lote)', () => {
  let t: TestApp;
  let otherStaff: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.createUser({ email: 'otra@refugio.test', password: 'clave-otra-segura-1', name: 'Otra' });
    otherStaff = await t.signIn('otra@refugio.test', 'clave-otra-segura-1');
  });
  afterAll(() => t.close());

  const insertPets = async (count: number, values: Partial<typeof pet.$inferInsert> = {}) =>
    t.database.db
      .insert(pet)
      .values(Array.from({ length: count }, (_, i) => ({ ...base, nombre: `Lote ${sequence}-${i}`, ...values })))
      .returning({ id: pet.id, nombre: pet.nombre, version: pet.version });
  const stored = async (ids: number[]) =>
    (await t.database.db.select().from(pet).where(inArray(pet.id, ids))).sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  const batch = (payload: object, as: Role = 'staff') => t.as(as).inject({ method: 'POST', url: '/api/mascotas/lote', payload });
  const results = (res: Awaited<ReturnType<typeof batch>>) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ resultados: Result[] }>().resultados;
  };
  const listIds = async (query: string) =>
    (await t.as('staff').inject({ method: 'GET', url: `/phpApi/mascotas?${query}&pageSize=100` }))
      .json<{ items: { id: number }[] }>()
      .items.map((i) => i.id);

  it('ids: publishes each pet on its own; a stale version is a conflict and is not overwritten; missing and deleted pets are reported', async () => {
    const [a, b, c] = await insertPets(3);
    const [gone] = await insertPets(1, { deletedAt: new Date() });
    const res = await batch({
      accion: 'publicar',
      items: [
        { id: a!.id, version: a!.version },
        { id: b!.id, version: b!.version + 3 },
        { id: 999_999 },
        { id: gone!.id, version: gone!.version },
        { id: c!.id },
      ],
    });
    expect(results(res).map((r) => [r.id, r.ok, r.code ?? null, r.sinCambios ?? null])).toEqual([
      [a!.id, true, null, false],
      [b!.id, false, 'CONFLICT', null],
      [999_999, false, 'NOT_FOUND', null],
      [gone!.id, false, 'NOT_FOUND', null],
      [c!.id, true, null, false],
    ]);
    const [first, , , , last] = results(res);
    expect(first).toMatchObject({ nombre: a!.nombre, version: a!.version + 1 });
    expect(results(res)[1]).toMatchObject({ nombre: b!.nombre, message: petBatchMessages.conflict });
    expect(results(res)[2]?.nombre).toBeNull();
    expect(last?.version).toBe(c!.version + 1);

    const [sa, sb, sc] = await stored([a!.id, b!.id, c!.id]);
    expect(sa).toMatchObject({ estado: 'publicada', version: a!.version + 1 });
    expect(sb).toMatchObject({ estado: 'borrador', version: b!.version });
    expect(sc).toMatchObject({ estado: 'publicada' });
    // The list's Publicada filter finds them.
    const published = await listIds('estado=publicada');
    expect(published).toEqual(expect.arrayContaining([a!.id, c!.id]));
    expect(published).not.toContain(b!.id);

    // Publishing again changes nothing and says so.
    const again = results(await batch({ accion: 'publicar', items: [{ id: a!.id, version: a!.version }] }));
    expect(again[0]).toMatchObject({ ok: true, sinCambios: true, version: a!.version + 1 });
  });

  it('filter: marks adopted every pet the list filter matches, leaves the rest, and skips those already adopted', async () => {
    const tag = uniqueTag();
    const matching = await insertPets(4, { tags: [tag], tipo: 'Gato' });
    const [already] = await insertPets(1, { tags: [tag], tipo: 'Gato', adoptado: true });
    const [otherType] = await insertPets(1, { tags: [tag], tipo: 'Perro' });
    const [deleted] = await insertPets(1, { tags: [tag], tipo: 'Gato', deletedAt: new Date() });

    const res = results(await batch({ accion: 'adoptar', filtro: { tag, tipo: 'Gato' } }));
    expect(res.map((r) => r.id)).toEqual([...matching.map((p) => p.id), already!.id]);
    expect(res.filter((r) => r.ok && !r.sinCambios)).toHaveLength(4);
    expect(res.at(-1)).toMatchObject({ ok: true, sinCambios: true });

    const rows = await stored([...matching.map((p) => p.id), otherType!.id, deleted!.id]);
    expect(rows.map((r) => r.adoptado)).toEqual([true, true, true, true, false, false]);
    // The database's own bookkeeping ran as for the single action.
    expect(rows[0]?.adoptadoEn).not.toBeNull();

    // The same search as the list: accent- and case-insensitive text.
    const word = `Ñandú${uniqueTag()}`;
    const [found] = await insertPets(1, { historia: `Corre como un ${word}` });
    const searched = results(await batch({ accion: 'publicar', filtro: { q: word.toLowerCase().replace('ñ', 'n').replace('ú', 'u') } }));
    expect(searched.map((r) => r.id)).toEqual([found!.id]);

    // A filter that matches nothing changes nothing.
    expect(results(await batch({ accion: 'eliminar', filtro: { tag: uniqueTag() } }))).toEqual([]);
  });

  it('schedules with the rules of Publicaciones Programadas: a missing or past date refuses the whole request', async () => {
    const [a, b] = await insertPets(2);
    const items = [
      { id: a!.id, version: a!.version },
      { id: b!.id, version: b!.version },
    ];
    const past = await batch({ accion: 'programar', publicarEn: inMs(-3600_000).toISOString(), items });
    expect(expectErrorShape(past, 400, 'VALIDATION_ERROR')).toMatchObject({
      fieldErrors: { publicarEn: 'La fecha de publicación no puede estar en el pasado.' },
    });
    expectErrorShape(await batch({ accion: 'programar', items }), 400, 'VALIDATION_ERROR');
    expect((await stored([a!.id, b!.id])).map((r) => r.version)).toEqual([a!.version, b!.version]);

    const when = inMs(48 * 3600_000);
    const res = results(await batch({ accion: 'programar', publicarEn: when.toISOString(), items }));
    expect(res.every((r) => r.ok && !r.sinCambios)).toBe(true);
    expect((await stored([a!.id])).at(0)).toMatchObject({ estado: 'programada', publicarEn: when });
    expect(await listIds('estado=programada')).toEqual(expect.arrayContaining([a!.id, b!.id]));
  });

  it('deletes softly and restores: only an administrator or whoever deleted a pet restores it', async () => {
    const [a, b] = await insertPets(2);
    const deleted = results(
      await batch({
        accion: 'eliminar',
        items: [
          { id: a!.id, version: a!.version },
          { id: b!.id, version: b!.version },
        ],
      }),
    );
    expect(deleted.map((r) => r.ok)).toEqual([true, true]);
    expect(await listIds('eliminadas=1')).toEqual(expect.arrayContaining([a!.id, b!.id]));
    // The rows and their media stay: a soft delete.
    expect((await stored([a!.id, b!.id])).map((r) => r.deletedAt !== null)).toEqual([true, true]);

    // Somebody else on the team may not undo it; an administrator may.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/mascotas/lote',
      headers: { origin: PUBLIC_URL, cookie: otherStaff },
      payload: { accion: 'restaurar', items: [{ id: a!.id }] },
    });
    expect(results(other)[0]).toMatchObject({ ok: false, code: 'FORBIDDEN', message: petBatchMessages.restoreForbidden });
    expect(results(await batch({ accion: 'restaurar', items: [{ id: b!.id }] }, 'admin'))[0]).toMatchObject({ ok: true, sinCambios: false });

    // Deshacer: whoever deleted them restores with the versions the delete answered.
    const undo = results(await batch({ accion: 'restaurar', items: deleted.map((r) => ({ id: r.id, version: r.version })) }));
    expect(undo.map((r) => [r.ok, r.sinCambios])).toEqual([
      [true, false],
      [true, true],
    ]);
    expect((await stored([a!.id, b!.id])).map((r) => [r.deletedAt, r.deletedBy])).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it(`caps a request at ${PET_BATCH_MAX} pets with a Spanish 400 that tells to narrow the filter`, async () => {
    const tag = uniqueTag();
    await insertPets(PET_BATCH_MAX + 1, { tags: [tag] });
    const tooMany = await batch({ accion: 'adoptar', filtro: { tag } });
    expect(expectErrorShape(tooMany, 400, 'VALIDATION_ERROR').message).toBe(petBatchMessages.filterTooMany);
    // Nothing changed: none of them is adopted.
    expect(await t.database.db.$count(pet, sql`${pet.tags} @> ${JSON.stringify([tag])}::jsonb AND ${pet.adoptado}`)).toBe(0);

    const ids = Array.from({ length: PET_BATCH_MAX + 1 }, (_, i) => ({ id: i + 1 }));
    expect(expectErrorShape(await batch({ accion: 'publicar', items: ids }), 400, 'VALIDATION_ERROR')).toMatchObject({
      fieldErrors: { items: petBatchMessages.tooMany },
    });
    expectErrorShape(await batch({ accion: 'publicar', items: [] }), 400, 'VALIDATION_ERROR');
    expectErrorShape(await batch({ accion: 'publicar', items: [{ id: 1 }, { id: 1 }] }), 400, 'VALIDATION_ERROR');
    // One target: the picked pets or the filter, never both or neither.
    expectErrorShape(await batch({ accion: 'publicar', items: [{ id: 1 }], filtro: {} }), 400, 'VALIDATION_ERROR');
    expectErrorShape(await batch({ accion: 'publicar' }), 400, 'VALIDATION_ERROR');
    expectErrorShape(await batch({ accion: 'vender', items: [{ id: 1 }] }), 400, 'VALIDATION_ERROR');
    expectErrorShape(await batch({ accion: 'publicar', filtro: { tipo: 'Dragón' } }), 400, 'VALIDATION_ERROR');
  });

  it('is for staff: without a session it answers 401 and changes nothing', async () => {
    const [a] = await insertPets(1);
    expectErrorShape(await batch({ accion: 'eliminar', items: [{ id: a!.id }] }, 'anonymous'), 401);
    expect((await stored([a!.id]))[0]?.deletedAt).toBeNull();
    expect(results(await batch({ accion: 'adoptar', items: [{ id: a!.id }] }, 'admin'))[0]?.ok).toBe(true);
  });

  it('two people acting on the same pets at once: each pet changes once, the other request reports the conflict', async () => {
    const pets = await insertPets(6);
    const items = pets.map((p) => ({ id: p.id, version: p.version }));
    const [publish, remove] = await Promise.all([batch({ accion: 'publicar', items }), batch({ accion: 'eliminar', items }, 'admin')]);
    const byPet = pets.map((_, i) => [results(publish)[i]!, results(remove)[i]!]);
    for (const [published, deleted] of byPet) {
      // Exactly one of the two applied; the other saw the new version.
      expect([published!.ok, deleted!.ok].filter(Boolean)).toHaveLength(1);
      expect([published!.code, deleted!.code].filter(Boolean)).toEqual([expect.stringMatching(/^(CONFLICT|NOT_FOUND)$/)]);
    }
    for (const row of await stored(pets.map((p) => p.id))) expect(row.version).toBe(pets.find((p) => p.id === row.id)!.version + 1);
  });
});
