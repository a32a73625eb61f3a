import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Memoria, RegisterBookResponse } from '@refugio/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movement, pet } from '../../src/db/schema';
import { type TestApp, createTestApp } from '../helpers/helpers';
import { multipart, petFields } from '../helpers/media';

/*
 * Where an animal came from is told once (DESIGN section 16): by its latest `ingreso` movement. The pet repeats it,
 * so the pet's answer, the list's "sin indicar" filter, lost-and-found's candidates, the register book and the annual
 * report all say the same; a correction on the pet's form is the entry's correction. Migration 0050 brings existing
 * data that disagreed into one truth.
 */

describe('one truth of where an animal came from', () => {
  let t: TestApp;
  const staff = () => t.as('staff');
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const version = async (petId: number) => (await t.database.db.select({ v: pet.version }).from(pet).where(eq(pet.id, petId)))[0]!.v;
  const createPet = async (fields: Record<string, string>) => {
    const form = multipart(petFields({ tags: '["origen-unico"]', ...fields }));
    const res = await staff().inject({ method: 'POST', url: '/phpApi/mascota/nueva', payload: form.payload, headers: form.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number }>().id;
  };
  const editPet = async (petId: number, fields: Record<string, string>) => {
    const [row] = await t.database.db.select().from(pet).where(eq(pet.id, petId));
    const form = multipart(
      petFields({
        nombre: row!.nombre,
        fechaingreso: row!.fechaIngreso!.slice(0, 10),
        tags: '["origen-unico"]',
        ...fields,
        version: String(await version(petId)),
      }),
    );
    const res = await staff().inject({ method: 'POST', url: `/phpApi/mascota/${petId}/actualizar`, payload: form.payload, headers: form.headers });
    expect(res.statusCode, res.body).toBe(200);
  };
  const move = async (petId: number, body: Record<string, unknown>) => {
    const res = await staff().inject({
      method: 'POST',
      url: `/api/mascotas/${petId}/movimientos`,
      payload: { version: await version(petId), ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const origin = async (petId: number) =>
    (await staff().inject({ method: 'GET', url: `/phpApi/mascota/${petId}` })).json<{ procedencia: string; procedenciaDetalle: string }>();
  const listed = async (procedencia: string) =>
    (await staff().inject({ method: 'GET', url: `/phpApi/mascotas?tag=origen-unico&procedencia=${procedencia}` }))
      .json<{ items: { id: number }[] }>()
      .items.map((i) => i.id);
  const entries = (petId: number) => t.database.db.select().from(movement).where(eq(movement.petId, petId));

  it('an entry recorded as «extraviado» is what the pet says, the list filters and lost and found finds', async () => {
    const petId = await createPet({ nombre: 'Trufa', fechaingreso: '2025-05-04' });
    expect(await origin(petId)).toMatchObject({ procedencia: '' });
    expect(await listed('sin_indicar')).toEqual([petId]);
    await move(petId, { tipo: 'ingreso', fecha: '2025-05-04', procedencia: 'extraviado', procedenciaDetalle: 'Encontrada en el polígono' });
    expect(await origin(petId)).toMatchObject({ procedencia: 'extraviado', procedenciaDetalle: 'Encontrada en el polígono' });
    expect(await listed('sin_indicar')).toEqual([]);
    expect(await listed('extraviado')).toEqual([petId]);

    const form = multipart(
      Object.entries({
        tipo: 'perdido',
        especie: 'Perro',
        sexo: 'hembra',
        color: 'Canela',
        tamano: 'mediano',
        microchip: '',
        municipio: 'Zaragoza',
        codigoPostal: '50001',
        fecha: '2025-05-03',
        descripcion: 'Se escapó en el polígono.',
        contacto: '612 345 678',
        aceptaPrivacidad: 'true',
      }).map(([name, value]) => ({ name, value })),
    );
    const report = await t.as('anonymous').inject({ method: 'POST', url: '/api/public/avisos', payload: form.payload, headers: form.headers });
    expect(report.statusCode, report.body).toBe(201);
    const candidates = await staff().inject({ method: 'GET', url: `/api/avisos/${report.json<{ id: number }>().id}/coincidencias` });
    expect(candidates.statusCode, candidates.body).toBe(200);
    expect(candidates.json<{ items: { mascotaId?: number }[] }>().items.map((i) => i.mascotaId)).toContain(petId);
  });

  it('a correction on the pet is the entry’s correction: the register book and the annual report say it too', async () => {
    const petId = await createPet({ nombre: 'Canelo', fechaingreso: '2025-06-01' });
    await move(petId, { tipo: 'ingreso', fecha: '2025-06-01', procedencia: 'abandono' });
    await editPet(petId, { procedencia: 'rescate', procedenciaDetalle: 'De una finca' });
    expect((await entries(petId)).map((m) => [m.tipo, m.procedencia, m.procedenciaDetalle])).toEqual([['ingreso', 'rescate', 'De una finca']]);
    expect(await origin(petId)).toMatchObject({ procedencia: 'rescate', procedenciaDetalle: 'De una finca' });
    const book = (await staff().inject({ method: 'GET', url: '/api/libro-registro?anio=2025' })).json<RegisterBookResponse>();
    expect(book.lineas.filter((l) => l.mascotaId === petId).map((l) => [l.procedencia, l.procedenciaDetalle])).toEqual([['rescate', 'De una finca']]);
    const memoria = (await t.as('admin').inject({ method: 'GET', url: '/api/memoria?anio=2025&formato=json' })).json<Memoria>();
    const byOrigin = Object.fromEntries(memoria.entradas.porProcedencia.map((p) => [p.procedencia, p.total]));
    expect(byOrigin).toMatchObject({ rescate: 1, abandono: 0, extraviado: 1 });
  });

  it('migration 0050 brings data that disagreed into one truth', async () => {
    const db = t.database.db;
    const insert = async (values: Partial<typeof pet.$inferInsert>) =>
      (
        await db
          .insert(pet)
          .values({ nombre: 'Vieja', edad: '2', tipo: 'Perro', genero: 'macho', tamano: 'mediano', estado: 'borrador', ...values })
          .returning({ id: pet.id })
      )[0]!.id;
    // The entry says it, the pet does not (the "Procedencia: Sin indicar" under "Abandono").
    const saysEntry = await insert({});
    await db.insert(movement).values({ petId: saysEntry, tipo: 'ingreso', fecha: '2024-02-01', procedencia: 'abandono' });
    // The pet says it, its entry does not.
    const saysPet = await insert({ procedencia: 'extraviado', procedenciaDetalle: 'En la gasolinera' });
    await db.insert(movement).values({ petId: saysPet, tipo: 'ingreso', fecha: '2024-03-01' });
    // Both say something else: the entry wins.
    const both = await insert({ procedencia: 'cesion' });
    await db.insert(movement).values({ petId: both, tipo: 'ingreso', fecha: '2024-04-01', procedencia: 'decomiso' });
    // The importer's invented age.
    const invented = await insert({ edad: 'Sin indicar' });

    const file = readFileSync(path.join(__dirname, '../../drizzle/0049_import_truth.sql'), 'utf8');
    const data = file
      .split('--> statement-breakpoint')
      .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
      .filter((s) => /^(UPDATE|INSERT)/.test(s));
    expect(data.length).toBeGreaterThanOrEqual(5);
    for (const statement of data) await db.execute(sql.raw(statement));

    const read = async (id: number) => {
      const [p] = await db.select().from(pet).where(eq(pet.id, id));
      const [m] = await entries(id);
      return [p!.procedencia, p!.procedenciaDetalle, m?.procedencia ?? null, m?.procedenciaDetalle ?? null];
    };
    expect(await read(saysEntry)).toEqual(['abandono', '', 'abandono', '']);
    expect(await read(saysPet)).toEqual(['extraviado', 'En la gasolinera', 'extraviado', 'En la gasolinera']);
    expect(await read(both)).toEqual(['decomiso', '', 'decomiso', '']);
    expect((await db.select({ edad: pet.edad }).from(pet).where(eq(pet.id, invented)))[0]!.edad).toBe('');
    // Nothing disagrees anywhere.
    const disagreeing = await db.execute(sql`
      SELECT p.id FROM pet p
      JOIN LATERAL (SELECT procedencia, procedencia_detalle FROM movement m WHERE m.pet_id = p.id AND m.tipo = 'ingreso'
                    ORDER BY m.fecha DESC, m.id DESC LIMIT 1) l ON true
      WHERE p.procedencia IS DISTINCT FROM l.procedencia OR p.procedencia_detalle <> l.procedencia_detalle`);
    expect((disagreeing as { rows: unknown[] }).rows).toEqual([]);
  });
});
