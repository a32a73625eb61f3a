import { and, asc, eq, sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportDryRun, ImportStatus, ImportUpload } from '@refugio/contracts';
import { donationCertificate, gift, historyEvent, person } from '../../src/db/schema';
import { parseAmount } from '../../src/modules/importer/import-gifts';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { multipart } from '../helpers/media';

/*
 * Gifts from a spreadsheet (DESIGN sections 15 and 18): a Windows-1252 CSV separated by `;` with accents and ñ, the
 * donor found by NIF, then by first name and e-mail, or created, or none (anonymous); amounts kept in exact cents;
 * the errors that teach (negative, ambiguous, a wrong NIF, a name alone); the same file twice creating nothing; and an
 * undo that annuls the gifts, never deletes them, and is refused once a donor certificate was issued with one.
 */

describe('import wizard: gifts', () => {
  let t: TestApp;
  let marta: number;
  let nuno: number;
  let nunoGift: number;
  const admin = () => t.as('admin');
  const upload = async (data: Buffer, fileName: string) => {
    const form = multipart([
      { name: 'tipo', value: 'donativos' },
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
  const gifts = () => t.database.db.select().from(gift).orderBy(asc(gift.id));
  const eventsOf = (entidad: string, id: number) =>
    t.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, entidad), eq(historyEvent.entidadId, String(id))))
      .orderBy(asc(historyEvent.id));
  let sheet: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    [marta, nuno] = (
      await t.database.db
        .insert(person)
        .values([
          { nombre: 'Marta', apellidos: 'Peña', nif: '12345678Z', telefono: '+34600111222' },
          { nombre: 'Ñuño', apellidos: 'Sáez', email: 'nuno@example.org', roles: ['socio'] },
        ])
        .returning({ id: person.id })
    ).map((p) => p.id) as [number, number];
    [{ id: nunoGift }] = (await t.database.db
      .insert(gift)
      .values({ personaId: nuno, importeCentimos: 750, fecha: '2024-03-01', metodo: 'efectivo', concepto: 'donativo' })
      .returning({ id: gift.id })) as [{ id: number }];
    sheet = iconv.encode(
      [
        'Nº recibo;Donante;Apellidos;NIF;Correo;Fecha;Importe;Forma de pago;Concepto;Observaciones',
        'R-1;Marta;Peña;12.345.678-z;;03/02/2024;12,50;Bizum;Donativo;Campaña de invierno', // 2: Marta by her NIF
        'R-2;Íñigo;Muñoz;;Inigo@Example.org;10/02/2024;1.234,56 €;Transferencia;Apadrinamiento;', // 3: a new donor
        'R-3;;;;;14/02/2024;20.00;Efectivo;Evento;Hucha del mercadillo', // 4: anonymous
        'R-4;Ana;;;;15/02/2024;5;Bizum;;', // 5: a name alone
        'R-5;Luis;Gómez;;luis@example.org;16/02/2024;-10,00;;;', // 6: negative
        'R-6;Luis;Gómez;;luis@example.org;17/02/2024;1.234;;;', // 7: thousands or decimals?
        'R-7;Marta;Peña;12345678A;;18/02/2024;10;;;', // 8: a wrong check letter
        'R-8;Pepa;;;pepa@example.org;30/02/2024;10;;;', // 9: 30/02
        'R-1;Marta;Peña;12345678Z;;19/02/2024;10;;;', // 10: receipt R-1 again
        'R-9;Ñuño;;;nuno@example.org;01/03/2024;7,5;;;', // 11: Ñuño has it already
        'R-10;Ñuño;;;NUNO@example.org;02/03/2024;30;;Cuota de socio;', // 12: Ñuño, a new one
      ].join('\r\n'),
      'win1252',
    );
  });
  afterAll(() => t.close());

  it('reads amounts digit by digit into cents, refusing what could be read two ways', () => {
    expect(parseAmount('12,50')).toEqual({ value: 1250 });
    expect(parseAmount('12.50')).toEqual({ value: 1250 });
    expect(parseAmount('12,5')).toEqual({ value: 1250 });
    expect(parseAmount('1.234,56 €')).toEqual({ value: 123456 });
    expect(parseAmount('€ 7')).toEqual({ value: 700 });
    expect(parseAmount('-3')).toEqual({ error: expect.stringMatching(/negativo/) as string });
    expect(parseAmount('(3,00)')).toEqual({ error: expect.stringMatching(/negativo/) as string });
    expect(parseAmount('1,234')).toEqual({ error: expect.stringMatching(/miles o como decimales/) as string });
    expect(parseAmount('0,00')).toEqual({ error: expect.stringMatching(/cero/) as string });
    expect(parseAmount('doce')).toEqual({ error: expect.stringMatching(/No se entiende/) as string });
  });

  let first = '';

  it('suggests the mapping, and the dry run tells per row what it would create, skip or refuse, storing nothing', async () => {
    const file = await upload(sheet, 'donativos.csv');
    first = file.id;
    expect(file.mapeoSugerido).toEqual({
      'Nº recibo': 'codigo',
      Donante: 'nombre',
      Apellidos: 'apellidos',
      NIF: 'nif',
      Correo: 'email',
      Fecha: 'fecha',
      Importe: 'importe',
      'Forma de pago': 'metodo',
      Concepto: 'concepto',
      Observaciones: 'referencia',
    });
    const run = await map(file.id, file.mapeoSugerido);
    expect(run).toMatchObject({ crear: 4, actualizar: 0, omitir: 1, duplicados: [{ fila: 11, existenteId: nunoGift }] });
    const byRow = Object.fromEntries(run.errores.map((e) => [e.fila, e]));
    expect(Object.keys(byRow).map(Number)).toEqual([5, 6, 7, 8, 9, 10]);
    expect(byRow[5]).toMatchObject({ columna: 'Donante', mensaje: expect.stringMatching(/ni NIF, ni correo, ni teléfono/) as string });
    expect(byRow[6]).toMatchObject({ columna: 'Importe', mensaje: expect.stringMatching(/«-10,00» es negativo/) as string });
    expect(byRow[7]).toMatchObject({ columna: 'Importe', mensaje: expect.stringMatching(/«1\.234».*1\.234,00/) as string });
    expect(byRow[8]).toMatchObject({ columna: 'NIF', mensaje: expect.stringMatching(/12345678A/) as string });
    expect(byRow[9]!.mensaje).toMatch(/30\/02\/2024.*no existe/);
    expect(byRow[10]!.mensaje).toMatch(/recibo.*fila 2/);
    expect(await gifts()).toHaveLength(1);
    expect(await t.database.db.select().from(person)).toHaveLength(2);
  });

  it('imports each gift once in cents, its donor found or created, its history naming the file and row', async () => {
    const done = await confirmAndRun(first);
    expect(done).toMatchObject({ estado: 'terminada', creados: 4, omitidos: 1 });
    expect(done.errores.map((e) => e.fila)).toEqual([5, 6, 7, 8, 9, 10]);
    const [inigo] = await t.database.db.select().from(person).where(eq(person.nombre, 'Íñigo'));
    expect(inigo).toMatchObject({ apellidos: 'Muñoz', email: 'inigo@example.org', roles: ['donante'] });
    const saved = (await gifts()).slice(1);
    expect(saved.map((g) => [g.personaId, g.importeCentimos, g.fecha, g.metodo, g.concepto, g.referencia, g.estado])).toEqual([
      [marta, 1250, '2024-02-03', 'bizum', 'donativo', 'Campaña de invierno', 'registrado'],
      [inigo!.id, 123456, '2024-02-10', 'transferencia', 'apadrinamiento', '', 'registrado'],
      [null, 2000, '2024-02-14', 'efectivo', 'evento', 'Hucha del mercadillo', 'registrado'],
      [nuno, 3000, '2024-03-02', 'transferencia', 'cuota', '', 'registrado'],
    ]);
    const [created] = await eventsOf('donativo', saved[0]!.id);
    expect((created!.cambios as Record<string, unknown[]>).origen).toEqual([null, 'importado de donativos.csv, fila 2']);
    const [born] = await eventsOf('persona', inigo!.id);
    expect((born!.cambios as Record<string, unknown[]>).origen).toEqual([null, 'importado de donativos.csv, fila 3']);
    // Marta becomes a donor; Ñuño, a member already, does not.
    const roles = await t.database.db.select({ id: person.id, roles: person.roles }).from(person).orderBy(person.id);
    expect(roles.slice(0, 2)).toEqual([
      { id: marta, roles: ['donante'] },
      { id: nuno, roles: ['socio'] },
    ]);
  });

  it('the same file twice creates nothing new', async () => {
    const file = await upload(sheet, 'donativos.csv');
    const run = await map(file.id, file.mapeoSugerido);
    expect(run).toMatchObject({ crear: 0, omitir: 5 });
    expect(await confirmAndRun(file.id)).toMatchObject({ creados: 0, omitidos: 5 });
    expect(await gifts()).toHaveLength(5);
    expect(await t.database.db.select().from(person)).toHaveLength(3);
  });

  it('undo annuls the gifts it created (never deletes money) unless they changed since', async () => {
    const [, martas] = await gifts();
    await t.database.db
      .update(gift)
      .set({ referencia: 'Revisado', version: sql`${gift.version} + 1` })
      .where(eq(gift.id, martas!.id));
    const res = await admin().inject({ method: 'POST', url: `/api/importaciones/${first}/deshacer` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportStatus>()).toMatchObject({ estado: 'deshecha', deshechos: 3, conservados: 1 });
    const after = await gifts();
    expect(after.map((g) => g.estado)).toEqual(['registrado', 'registrado', 'anulado', 'anulado', 'anulado']);
    expect(after[2]!.anuladoMotivo).toBe('Importación deshecha (importado de donativos.csv, fila 3).');
    const events = await eventsOf('donativo', after[2]!.id);
    expect(events.map((e) => e.accion)).toEqual(['crear', 'estado']);
    expect(events[1]!.cambios).toMatchObject({ estado: ['registrado', 'anulado'] });
    // Imported again after the undo: the annulled ones come back as new gifts.
    const again = await upload(sheet, 'donativos.csv');
    expect(await map(again.id, again.mapeoSugerido)).toMatchObject({ crear: 3, omitir: 2 });
  });

  it('undo is refused, changing nothing, once a donor certificate was issued with an imported gift', async () => {
    const file = await upload(iconv.encode('Recibo;Nombre;NIF;Fecha;Importe\r\nR-20;Marta;12345678Z;05/01/2023;40,00\r\n', 'win1252'), 'martas.csv');
    await map(file.id, file.mapeoSugerido);
    expect(await confirmAndRun(file.id)).toMatchObject({ creados: 1 });
    await t.database.db.insert(donationCertificate).values({ personaId: marta, anio: 2023, estado: 'enviado', importeCentimos: 4000 });
    const res = await admin().inject({ method: 'POST', url: `/api/importaciones/${file.id}/deshacer` });
    expectErrorShape(res, 409);
    expect(res.json<{ message: string }>().message).toMatch(/certificados de donaciones de 2023/);
    expect((await gifts()).at(-1)!.estado).toBe('registrado');
    expect((await admin().inject({ method: 'GET', url: `/api/importaciones/${file.id}` })).json<ImportStatus>().estado).toBe('terminada');
  });

  it("a donor found by name and e-mail gains the file's NIF; one whose NIF is another is not trusted with the gift", async () => {
    const [rosa, pablo] = (
      await t.database.db
        .insert(person)
        .values([
          { nombre: 'Rosa', email: 'rosa@example.org' },
          { nombre: 'Pablo', email: 'pablo@example.org', nif: '22222222J' },
        ])
        .returning({ id: person.id })
    ).map((p) => p.id) as [number, number];
    const file = await upload(
      iconv.encode(
        'Recibo;Nombre;NIF;Correo;Fecha;Importe\r\nR-30;Rosa;00000000T;rosa@example.org;01/04/2024;15\r\nR-31;Pablo;11111111H;pablo@example.org;02/04/2024;25\r\n',
        'win1252',
      ),
      'nif.csv',
    );
    await map(file.id, file.mapeoSugerido);
    expect(await confirmAndRun(file.id)).toMatchObject({ estado: 'terminada', creados: 2 });
    const people = await t.database.db.select({ id: person.id, nombre: person.nombre, nif: person.nif }).from(person).orderBy(person.id);
    expect(people.find((p) => p.id === rosa)!.nif).toBe('00000000T');
    expect(people.find((p) => p.id === pablo)!.nif).toBe('22222222J');
    const otherPablo = people.find((p) => p.nombre === 'Pablo' && p.id !== pablo);
    expect(otherPablo?.nif).toBe('11111111H');
    const [rosas, pablos] = (await gifts()).slice(-2);
    expect([rosas!.personaId, pablos!.personaId]).toEqual([rosa, otherPablo!.id]);
    const filled = (await eventsOf('persona', rosa)).find((e) => 'nif' in (e.cambios as object));
    expect(filled?.accion).toBe('modificar');
    expect(filled?.cambios).toMatchObject({ nif: [null, '00000000T'], origen: [null, 'importado de nif.csv, fila 2'] });
  });

  it('a mapping without the date or the amount is refused', async () => {
    const file = await upload(Buffer.from('Fecha,Importe\n2024-01-01,10\n'), 'd.csv');
    for (const mapeo of [{ Fecha: 'fecha' }, { Importe: 'importe' }]) {
      expectErrorShape(await admin().inject({ method: 'PUT', url: `/api/importaciones/${file.id}/mapeo`, payload: { mapeo } }), 400);
    }
  });
});
