import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportDryRun, ImportStatus, ImportUpload, Memoria, RegisterBookLine } from '@refugio/contracts';
import { movement, pet } from '../../src/db/schema';
import { type TestApp, createTestApp } from '../helpers/helpers';
import { multipart } from '../helpers/media';

/*
 * An import that tells the truth (DESIGN sections 16 and 18): an animal with an entry date comes in that day (its
 * `ingreso`, with the «Procedencia» the sheet gives, so the register book and the annual report count it); nothing
 * the sheet left empty is invented (size, age); an empty row is not a row; and the same sheet uploaded again creates
 * nothing new even where rows have no microchip (matched on name, species and dates, shown for the person to decide).
 */

const SHEET = [
  'Nombre,Especie,Sexo,Tamaño,Edad,Fecha de nacimiento,Chip,Fecha de entrada,Procedencia,Detalle de la procedencia',
  'Tambor,Conejo,Macho,,,,,05/03/2024,Abandono,En una caja junto al contenedor', // 2: a rabbit, no size, no age, no chip
  'Michi,Gato,Hembra,,,2023-04-01,,10/03/2024,Extraviado,', // 3: a cat without a chip, her birth date gives the age
  ',,,,,,,,,', // 4: empty
  'Rex,Perro,Macho,Grande,3 años,,941000000055555,,,', // 5: with a chip, no entry date
].join('\n');

describe('imports that tell the truth', () => {
  let t: TestApp;
  const admin = () => t.as('admin');

  const uploaded = async (text: string, fileName = 'animales.csv') => {
    const form = multipart([
      { name: 'tipo', value: 'mascotas' },
      { name: 'archivo', value: Buffer.from(text), fileName, contentType: 'text/csv' },
    ]);
    const res = await admin().inject({ method: 'POST', url: '/api/importaciones', payload: form.payload, headers: form.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ImportUpload>();
  };
  const map = async (id: string, mapeo: Record<string, string>, incluir?: number[]) => {
    const res = await admin().inject({ method: 'PUT', url: `/api/importaciones/${id}/mapeo`, payload: { mapeo, ...(incluir ? { incluir } : {}) } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ImportDryRun>();
  };
  const run = async (id: string) => {
    const res = await admin().inject({ method: 'POST', url: `/api/importaciones/${id}/confirmar` });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.jobs.runDue();
    return (await admin().inject({ method: 'GET', url: `/api/importaciones/${id}` })).json<ImportStatus>();
  };
  const live = () => t.database.db.select().from(pet).where(isNull(pet.deletedAt)).orderBy(pet.id);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('maps «Procedencia» and its detail; an empty row is not counted', async () => {
    const file = await uploaded(SHEET);
    expect(file.filas).toBe(3);
    expect(file.mapeoSugerido).toMatchObject({ Procedencia: 'procedencia', 'Detalle de la procedencia': 'procedenciaDetalle' });
    const dry = await map(file.id, file.mapeoSugerido);
    expect(dry).toMatchObject({ crear: 3, omitir: 0, errores: [], duplicados: [] });
    const done = await run(file.id);
    expect(done).toMatchObject({ estado: 'terminada', filas: 3, procesadas: 3, creados: 3, omitidos: 0, progreso: 100 });
  });

  it('invents nothing: no size and no age where the sheet gives none, also on the public answer', async () => {
    const [tambor, michi, rex] = await live();
    expect([tambor!.nombre, tambor!.tamano, tambor!.edad]).toEqual(['Tambor', '', '']);
    expect([michi!.tamano, michi!.edad]).toEqual(['', expect.stringMatching(/^\d+ (año|años|meses|mes)$/)]);
    expect([rex!.tamano, rex!.edad]).toEqual(['grande', '3 años']);
    const res = await t.as('staff').inject({ method: 'GET', url: `/phpApi/mascota/${tambor!.id}` });
    expect(res.statusCode, res.body).toBe(200);
    // SPEC section 3's fields, strings as ever: an unknown size or age is the empty string.
    expect(res.json()).toMatchObject({ nombre: 'Tambor', tamano: '', edad: '', tipo: 'Conejo' });
  });

  it('an animal with an entry date comes in that day with the sheet’s origin: in the register book and the annual report', async () => {
    const [tambor, michi, rex] = await live();
    const entries = await t.database.db.select().from(movement).where(eq(movement.tipo, 'ingreso')).orderBy(movement.petId);
    expect(entries.map((m) => [m.petId, m.fecha, m.procedencia, m.procedenciaDetalle])).toEqual([
      [tambor!.id, '2024-03-05', 'abandono', 'En una caja junto al contenedor'],
      [michi!.id, '2024-03-10', 'extraviado', ''],
    ]);
    // The pet repeats its entry's words; the pet answer says the same.
    expect([tambor!.procedencia, michi!.procedencia, rex!.procedencia]).toEqual(['abandono', 'extraviado', null]);
    const answer = (await t.as('staff').inject({ method: 'GET', url: `/phpApi/mascota/${michi!.id}` })).json<{ procedencia: string }>();
    expect(answer.procedencia).toBe('extraviado');

    const book = await admin().inject({ method: 'GET', url: '/api/libro-registro?anio=2024&formato=json' });
    expect(book.statusCode, book.body).toBe(200);
    const lines = book.json<{ lineas: RegisterBookLine[] }>().lineas;
    expect(lines.map((l) => [l.numero, l.mascotaId, l.fechaEntrada, l.procedencia])).toEqual([
      [1, tambor!.id, '2024-03-05', 'abandono'],
      [2, michi!.id, '2024-03-10', 'extraviado'],
    ]);
    const memoria = (await admin().inject({ method: 'GET', url: '/api/memoria?anio=2024&formato=json' })).json<Memoria>();
    expect(memoria.entradas.total).toBe(2);
    const byOrigin = Object.fromEntries(memoria.entradas.porProcedencia.map((p) => [p.procedencia, p.total]));
    expect(byOrigin).toMatchObject({ abandono: 1, extraviado: 1 });
  });

  it('the same sheet again creates nothing new: rows without a microchip are matched on name, species and dates, for the person to decide', async () => {
    const before = await live();
    const file = await uploaded(SHEET, 'animales-corregido.csv');
    const dry = await map(file.id, file.mapeoSugerido);
    expect(dry).toMatchObject({ crear: 0, omitir: 3, errores: [] });
    expect(dry.duplicados.map((d) => [d.fila, d.existenteId, d.posible ?? false])).toEqual([
      [2, before[0]!.id, true],
      [3, before[1]!.id, true],
      [5, before[2]!.id, false],
    ]);
    expect(dry.duplicados[0]!.motivo).toMatch(/coincide en nombre, especie y fechas con «Tambor»/);
    const done = await run(file.id);
    expect(done).toMatchObject({ estado: 'terminada', creados: 0, omitidos: 3 });
    expect(await live()).toHaveLength(3);
  });

  it('a row that only looks like a pet already there is imported when the person says so; other dates are another animal', async () => {
    const file = await uploaded(
      [
        'Nombre,Especie,Sexo,Fecha de entrada',
        'Michi,Gato,Hembra,10/03/2024', // looks like Michi: the person says it is another cat
        'Tambor,Conejo,Macho,01/06/2024', // another entry date: another rabbit
        'Tambor,Perro,Macho,05/03/2024', // another species
      ].join('\n'),
      'otros.csv',
    );
    const asked = await map(file.id, file.mapeoSugerido);
    expect(asked).toMatchObject({ crear: 2, omitir: 1 });
    expect(asked.duplicados.map((d) => [d.fila, d.posible, d.incluida])).toEqual([[2, true, false]]);
    const chosen = await map(file.id, file.mapeoSugerido, [2]);
    expect(chosen).toMatchObject({ crear: 3, omitir: 0 });
    expect(chosen.duplicados.map((d) => [d.fila, d.posible, d.incluida])).toEqual([[2, true, true]]);
    const done = await run(file.id);
    expect(done).toMatchObject({ creados: 3, omitidos: 0 });
    expect((await live()).filter((p) => p.nombre === 'Michi')).toHaveLength(2);
  });
});
