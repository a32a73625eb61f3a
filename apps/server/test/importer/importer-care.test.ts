import { and, eq, sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportDryRun, ImportStatus, ImportUpload } from '@refugio/contracts';
import { careRecord, historyEvent, pet } from '../../src/db/schema';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { multipart } from '../helpers/media';

/*
 * Care records from a spreadsheet (DESIGN section 18): vaccines, dewormings and weights by date, matched to a pet by
 * microchip or its Nº in Refugio; a Windows-1252 CSV separated by `;`. The errors that teach (no such pet, 30/02, a
 * weight in words, the same record twice), the same file twice creating nothing, and undo.
 */

describe('import wizard: care records', () => {
  let t: TestApp;
  let luna: number;
  let toby: number;
  const admin = () => t.as('admin');
  const upload = async (data: Buffer, fileName: string) => {
    const form = multipart([
      { name: 'tipo', value: 'cuidados' },
      { name: 'archivo', value: data, fileName },
    ]);
    const res = await admin().inject({ method: 'POST', url: '/api/importaciones', payload: form.payload, headers: form.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ImportUpload>();
  };
  const map = async (id: string, mapeo: Record<string, string>) => {
    const res = await admin().inject({ method: 'PUT', url: `/api/importaciones/${id}/mapeo`, payload: { mapeo } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ImportDryRun>();
  };
  const confirmAndRun = async (id: string) => {
    expect((await admin().inject({ method: 'POST', url: `/api/importaciones/${id}/confirmar` })).statusCode).toBe(202);
    await t.app.jobs.runDue();
    return (await admin().inject({ method: 'GET', url: `/api/importaciones/${id}` })).json<ImportStatus>();
  };
  const records = () => t.database.db.select().from(careRecord).orderBy(careRecord.id);
  let sheet: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    const base = { edad: '2 años', tipo: 'Perro', genero: 'macho', tamano: 'mediano' } as const;
    [luna, toby] = (
      await t.database.db
        .insert(pet)
        .values([
          { ...base, nombre: 'Luna', microchip: '941000000000111' },
          { ...base, nombre: 'Toby' },
        ])
        .returning({ id: pet.id })
    ).map((p) => p.id) as [number, number];
    sheet = iconv.encode(
      [
        'Chip;Nº;Tipo;Vacuna;Fecha;Peso;Lote',
        '941000000000111;;Vacuna;Rabia;03/02/2024;;L-77', // 2
        '941 000 000 000 111;;Desparasitación;Milbemax;2024-02-10;;', // 3: internal deworming
        `;${toby};Peso;;10/02/2024;12,5 kg;`, // 4: a weight of the pet with that Nº
        '941000000000999;;Vacuna;Rabia;03/02/2024;;', // 5: no pet has that microchip
        '941000000000111;;Vacuna;Rabia;30/02/2024;;', // 6: 30/02
        `;${toby};Peso;;11/02/2024;doce;`, // 7: a weight in words
        '941000000000111;;Vacunación;rabia;03/02/2024;;', // 8: row 2 again
      ].join('\r\n'),
      'win1252',
    );
  });
  afterAll(() => t.close());

  let first = '';

  it('suggests the mapping, and the dry run says which rows have no pet or a wrong value, storing nothing', async () => {
    const file = await upload(sheet, 'cuidados.csv');
    first = file.id;
    expect(file.mapeoSugerido).toEqual({
      Chip: 'microchip',
      Nº: 'id',
      Tipo: 'cuidado',
      Vacuna: 'producto',
      Fecha: 'fecha',
      Peso: 'peso',
      Lote: 'lote',
    });
    const run = await map(file.id, file.mapeoSugerido);
    expect(run).toMatchObject({ crear: 3, omitir: 0, duplicados: [] });
    const byRow = Object.fromEntries(run.errores.map((e) => [e.fila, e]));
    expect(Object.keys(byRow).map(Number)).toEqual([5, 6, 7, 8]);
    expect(byRow[5]).toMatchObject({ columna: 'Chip', mensaje: expect.stringMatching(/941000000000999.*impórtala antes/) as string });
    expect(byRow[6]!.mensaje).toMatch(/30\/02\/2024.*no existe/);
    expect(byRow[7]).toMatchObject({ columna: 'Peso', mensaje: expect.stringMatching(/«doce».*12,5/) as string });
    expect(byRow[8]!.mensaje).toMatch(/fila 2/);
    expect(await records()).toEqual([]);
  });

  it('imports each record once, with its history naming the file and row; a weight becomes the pet’s latest', async () => {
    const done = await confirmAndRun(first);
    expect(done).toMatchObject({ estado: 'terminada', creados: 3 });
    expect(done.errores.map((e) => e.fila)).toEqual([5, 6, 7, 8]);
    const saved = await records();
    expect(saved.map((r) => [r.petId, r.tipo, r.nombre, r.fechaRealizada, r.pesoKg, r.lote])).toEqual([
      [luna, 'vacuna', 'Rabia', '2024-02-03', null, 'L-77'],
      [luna, 'desparasitacion_interna', 'Milbemax', '2024-02-10', null, ''],
      [toby, 'peso', 'Peso', '2024-02-10', 12.5, ''],
    ]);
    expect((await t.database.db.select({ kg: pet.pesoKg }).from(pet).where(eq(pet.id, toby)))[0]!.kg).toBe(12.5);
    const [event] = await t.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'registro_salud'), eq(historyEvent.entidadId, String(saved[0]!.id))));
    expect((event!.cambios as Record<string, unknown[]>).origen).toEqual([null, 'importado de cuidados.csv, fila 2']);
  });

  it('the same file twice creates nothing new', async () => {
    const file = await upload(sheet, 'cuidados.csv');
    const run = await map(file.id, file.mapeoSugerido);
    expect(run).toMatchObject({ crear: 0, omitir: 3 });
    expect(await confirmAndRun(file.id)).toMatchObject({ creados: 0, omitidos: 3 });
    expect(await records()).toHaveLength(3);
  });

  it('undo removes the records it created unless they changed since', async () => {
    const [rabia] = await records();
    await t.database.db
      .update(careRecord)
      .set({ notas: 'Revisada', version: sql`${careRecord.version} + 1` })
      .where(eq(careRecord.id, rabia!.id));
    const res = await admin().inject({ method: 'POST', url: `/api/importaciones/${first}/deshacer` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportStatus>()).toMatchObject({ estado: 'deshecha', deshechos: 2, conservados: 1 });
    expect((await records()).map((r) => r.id)).toEqual([rabia!.id]);
    // Toby's weight went with its record.
    expect((await t.database.db.select({ kg: pet.pesoKg }).from(pet).where(eq(pet.id, toby)))[0]!.kg).toBeNull();
  });

  it('a mapping without the pet, the type or the date is refused', async () => {
    const file = await upload(Buffer.from('Chip,Tipo,Fecha\n941000000000111,Vacuna,2024-01-01\n'), 'c.csv');
    for (const mapeo of [
      { Tipo: 'cuidado', Fecha: 'fecha' },
      { Chip: 'microchip', Fecha: 'fecha' },
      { Chip: 'microchip', Tipo: 'cuidado' },
    ]) {
      expectErrorShape(await admin().inject({ method: 'PUT', url: `/api/importaciones/${file.id}/mapeo`, payload: { mapeo } }), 400);
    }
  });
});
