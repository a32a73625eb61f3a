import { eq, isNotNull, sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankImport, BankImportResult, Fee } from '@refugio/contracts';
import { bankImport, gift, historyEvent, person } from '../../src/db/schema';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { multipart, png } from '../helpers/media';

/*
 * Bank statements through the API (DESIGN section 15): the dry run (who each incoming movement is from, and why),
 * the confirmation (gifts with their history, each movement once), with files made here as banks write them: a
 * Windows-1252 CSV separated by `;` with accents and ñ, and a Norma 43 file.
 */

const IBAN = 'ES9121000418450200051332';

/** A bank's CSV export: a preamble, the header, the movements (date, concept, amount as the bank writes them). */
function bankCsv(rows: [string, string, string][]): Buffer {
  const lines = [
    'Cuenta;ES76 2077 0024 0031 0257 5766',
    'Titular;Protectora Patitas Peñíscola',
    '',
    'Fecha;Fecha valor;Concepto;Importe;Saldo',
    ...rows.map(([fecha, concepto, importe]) => `${fecha};${fecha};${concepto};${importe};1.000,00`),
  ];
  return iconv.encode(lines.join('\r\n'), 'win1252');
}

const STATEMENT: [string, string, string][] = [
  ['02/03/2026', 'TRANSFERENCIA DE PEÑA IBÁÑEZ, ANA · DNI 12345678-Z · DONATIVO', '50,00'], // row 5: NIF
  ['03/03/2026', 'BIZUM DE LUIS 612 345 678 CUOTA SOCIO', '10,00'], // row 6: phone, bizum, cuota
  ['04/03/2026', 'TRANSF. DOÑA MARTA marta.nunez@example.org apadrinamiento', '25,00'], // row 7: e-mail
  ['05/03/2026', 'RECIBO LUZ IBERDROLA', '-80,12'], // row 8: a debit, ignored
  ['06/03/2026', `TRANSFERENCIA ${IBAN.replace(/(.{4})/g, '$1 ').trim()} MARZO`, '12,50'], // row 9: a fee's IBAN
  ['07/03/2026', 'BIZUM 699 111 222 ÁNIMO', '5,00'], // row 10: a phone two persons share
  ['08/03/2026', 'TRANSFERENCIA DE JOSÉ MUÑOZ', '1.234,56'], // row 11: a name only
];

/** One Norma 43 record, padded to 80 characters. */
const rec = (...fields: string[]) => fields.join('').padEnd(80, ' ');
const n43Amount = (cents: number) => String(Math.abs(cents)).padStart(14, '0');

/** A Norma 43 file of one account with these movements (yymmdd, signed cents, reference, concept lines). */
function norma43(movements: { fecha: string; cents: number; ref: string; concepts: string[] }[]): Buffer {
  const account = '2100' + '0418' + '0200051332';
  const lines = [rec('11', account, '260301', '260331', '2', n43Amount(0), '978', '3', 'PROTECTORA PATITAS'.padEnd(26))];
  let body = 0;
  for (const m of movements) {
    lines.push(
      rec(
        '22',
        '    ',
        '0418',
        m.fecha,
        m.fecha,
        '02',
        '099',
        m.cents < 0 ? '1' : '2',
        n43Amount(m.cents),
        '0000000000',
        m.ref.padEnd(12),
        ''.padEnd(16),
      ),
    );
    body++;
    m.concepts.forEach((c, i) => {
      lines.push(rec('23', `0${i + 1}`, c.padEnd(38).slice(0, 38), c.slice(38).padEnd(38)));
      body++;
    });
  }
  const debits = movements.filter((m) => m.cents < 0);
  const credits = movements.filter((m) => m.cents > 0);
  const sum = (ms: typeof movements) => ms.reduce((s, m) => s + Math.abs(m.cents), 0);
  const closing = sum(credits) - sum(debits);
  lines.push(
    rec(
      '33',
      account,
      String(debits.length).padStart(5, '0'),
      n43Amount(sum(debits)),
      String(credits.length).padStart(5, '0'),
      n43Amount(sum(credits)),
      '2',
      n43Amount(closing),
      '978',
    ),
  );
  lines.push(rec('88', '9'.repeat(18), String(body + 1).padStart(6, '0')));
  return iconv.encode(lines.join('\r\n'), 'latin1');
}

describe('bank statement import API', () => {
  let t: TestApp;
  const admin = () => t.as('admin');
  const ids: Record<string, number> = {};
  let feeId = 0;

  const upload = (data: Buffer, fileName = 'extracto.csv', caller = admin()) => {
    const form = multipart([{ name: 'archivo', value: data, fileName, contentType: 'text/csv' }]);
    return caller.inject({ method: 'POST', url: '/api/donativos/importar', payload: form.payload, headers: form.headers });
  };
  const dryRun = async (data: Buffer, fileName?: string) => {
    const res = await upload(data, fileName);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BankImport>();
  };
  const confirm = (id: string, payload: object = {}) => admin().inject({ method: 'POST', url: `/api/donativos/importar/${id}/confirmar`, payload });
  const count = async (table: typeof gift | typeof bankImport) => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
  const insertPerson = async (key: string, values: Partial<typeof person.$inferInsert>) => {
    const [row] = await t.database.db
      .insert(person)
      .values({ nombre: key, apellidos: '', ...values })
      .returning();
    ids[key] = row!.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await insertPerson('Ana', { apellidos: 'Peña Ibáñez', nif: '12345678Z' });
    await insertPerson('Luis', { telefono: '+34612345678' });
    await insertPerson('Marta', { email: 'marta.nunez@example.org' });
    await insertPerson('Pedro', {});
    await insertPerson('Gemela1', { telefono: '+34699111222' });
    await insertPerson('Gemela2', { telefono: '+34699111222' });
    await insertPerson('José', { apellidos: 'Muñoz' });
    // Anonymised: their NIF is still there but nothing new is linked to them.
    await insertPerson('Olvidada', { nif: '87654321X', anonimizadaEn: new Date() });
    const fee = await admin().inject({
      method: 'POST',
      url: `/api/personas/${ids.Pedro}/cuotas`,
      payload: {
        tipo: 'socio',
        importe: '12,50',
        periodicidad: 'mensual',
        desde: '2026-01-01',
        metodoPago: 'domiciliacion',
        iban: IBAN,
        mandato: { referencia: 'M-PEDRO', fechaFirma: '2026-01-01' },
      },
    });
    expect(fee.statusCode, fee.body).toBe(201);
    feeId = fee.json<Fee>().id;
  });
  afterAll(() => t.close());

  it('reads a Windows-1252 CSV into a dry run: each credit with its match and reason, debits left out, nothing stored', async () => {
    const run = await dryRun(bankCsv(STATEMENT));
    expect(run.formato).toBe('csv');
    expect(run.ignorados).toBe(1);
    const byRow = Object.fromEntries(run.movimientos.map((m) => [m.fila, m]));
    expect(run.movimientos.map((m) => m.fila)).toEqual([5, 6, 7, 9, 10, 11]);
    expect(byRow[5]).toMatchObject({
      fecha: '2026-03-02',
      importe: 50,
      importeCentimos: 5000,
      concepto: 'TRANSFERENCIA DE PEÑA IBÁÑEZ, ANA · DNI 12345678-Z · DONATIVO',
      coincidencia: { personaId: ids.Ana, nombre: 'Ana Peña Ibáñez', motivo: 'nif' },
      estado: 'nuevo',
      propuesta: { concepto: 'donativo', metodo: 'transferencia' },
    });
    expect(byRow[6]).toMatchObject({
      coincidencia: { personaId: ids.Luis, motivo: 'telefono' },
      estado: 'nuevo',
      propuesta: { concepto: 'cuota', metodo: 'bizum' },
    });
    expect(byRow[7]).toMatchObject({ coincidencia: { personaId: ids.Marta, motivo: 'email' }, propuesta: { concepto: 'apadrinamiento' } });
    // The fee's IBAN names Pedro and makes the gift a member's fee; the IBAN is shown masked.
    expect(byRow[9]).toMatchObject({
      coincidencia: { personaId: ids.Pedro, motivo: 'iban' },
      propuesta: { concepto: 'cuota' },
      importeCentimos: 1250,
    });
    expect(byRow[9]!.concepto).toBe('TRANSFERENCIA ES91 **** **** **** **** 1332 MARZO');
    // Two persons share the phone: no match, and why.
    expect(byRow[10]!.estado).toBe('sin_persona');
    expect(byRow[10]!.coincidencia).toBeUndefined();
    expect(byRow[10]!.aviso).toMatch(/más de una persona.*Gemela1.*Gemela2/);
    // A name alone never matches, even when a person has it.
    expect(byRow[11]).toMatchObject({ estado: 'sin_persona', importeCentimos: 123456 });
    expect(byRow[11]!.coincidencia).toBeUndefined();
    expect(JSON.stringify(run)).not.toContain(IBAN);
    expect(await count(gift)).toBe(0);
    expect(await count(bankImport)).toBe(1);
  });

  it('confirms the matched new movements as gifts with history; the same statement again stores nothing twice', async () => {
    const run = await dryRun(bankCsv(STATEMENT), 'marzo.csv');
    const res = await confirm(run.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<BankImportResult>()).toEqual({ creados: 4, duplicados: 0, omitidos: 2 });
    const gifts = await t.database.db.select().from(gift).orderBy(gift.fecha);
    expect(gifts.map((g) => [g.personaId, g.importeCentimos, g.fecha, g.metodo, g.concepto, g.feeId])).toEqual([
      [ids.Ana, 5000, '2026-03-02', 'transferencia', 'donativo', null],
      [ids.Luis, 1000, '2026-03-03', 'bizum', 'cuota', null],
      [ids.Marta, 2500, '2026-03-04', 'transferencia', 'apadrinamiento', null],
      [ids.Pedro, 1250, '2026-03-06', 'transferencia', 'cuota', feeId],
    ]);
    const events = await t.database.db.select().from(historyEvent).where(eq(historyEvent.entidad, 'donativo'));
    expect(events).toHaveLength(4);
    expect(events.map((e) => (e.cambios as Record<string, unknown[]>).origen?.[1]).sort()).toEqual([
      'importado del extracto marzo.csv, fila 5',
      'importado del extracto marzo.csv, fila 6',
      'importado del extracto marzo.csv, fila 7',
      'importado del extracto marzo.csv, fila 9',
    ]);
    // Ana gives for the first time: she becomes a donor.
    const [ana] = await t.database.db.select().from(person).where(eq(person.id, ids.Ana!));
    expect(ana!.roles).toContain('donante');

    // Confirmed twice, or the statement read again and confirmed: nothing new.
    expect((await confirm(run.id)).json()).toEqual({ creados: 0, duplicados: 4, omitidos: 2 });
    const again = await dryRun(bankCsv(STATEMENT));
    expect(again.movimientos.map((m) => m.estado)).toEqual(['duplicado', 'duplicado', 'duplicado', 'duplicado', 'sin_persona', 'sin_persona']);
    expect(again.movimientos[0]!.aviso).toMatch(/Ya está registrado/);
    expect((await confirm(again.id)).json()).toEqual({ creados: 0, duplicados: 4, omitidos: 2 });
    expect(await count(gift)).toBe(4);
  });

  it('stores chosen rows: one without a person given a person, another anonymous; unknown rows or persons store nothing', async () => {
    const run = await dryRun(bankCsv(STATEMENT));
    const before = await count(gift);
    expectErrorShape(await confirm(run.id, { filas: [10, 8] }), 400, 'VALIDATION_ERROR');
    expectErrorShape(await confirm(run.id, { filas: [{ fila: 10, personaId: 999_999 }] }), 400, 'VALIDATION_ERROR');
    const anonymised = await confirm(run.id, { filas: [{ fila: 10, personaId: ids.Olvidada }] });
    expectErrorShape(anonymised, 400, 'VALIDATION_ERROR');
    expect(anonymised.json<{ message: string }>().message).toMatch(/anonimizada/);
    expectErrorShape(await confirm(run.id, { filas: 'todas' }), 400, 'VALIDATION_ERROR');
    expect(await count(gift)).toBe(before);

    const res = await confirm(run.id, { filas: [5, { fila: 10, personaId: ids.Gemela2 }, 11] });
    expect(res.json<BankImportResult>()).toEqual({ creados: 2, duplicados: 1, omitidos: 3 });
    const stored = await t.database.db.select().from(gift).where(isNotNull(gift.importClave)).orderBy(gift.fecha);
    expect(stored.slice(-2).map((g) => [g.personaId, g.importeCentimos, g.metodo, g.concepto])).toEqual([
      [ids.Gemela2, 500, 'bizum', 'donativo'],
      [null, 123456, 'transferencia', 'donativo'],
    ]);
  });

  it('treats a gift entered by hand with the same date, amount and reference as a duplicate', async () => {
    const manual = await admin().inject({
      method: 'POST',
      url: '/api/donativos',
      payload: { personaId: ids.Ana, importe: '7,00', fecha: '2026-03-20', metodo: 'transferencia', concepto: 'donativo', referencia: 'TRF-777' },
    });
    expect(manual.statusCode, manual.body).toBe(201);
    const csv = iconv.encode(
      'Fecha;Concepto;Referencia;Importe\n20/03/2026;DNI 12345678Z;TRF-777;7,00\n21/03/2026;DNI 12345678Z;TRF-778;7,00\n',
      'win1252',
    );
    const run = await dryRun(csv);
    expect(run.movimientos.map((m) => [m.referencia, m.estado])).toEqual([
      ['TRF-777', 'duplicado'],
      ['TRF-778', 'nuevo'],
    ]);
    expect((await confirm(run.id)).json()).toEqual({ creados: 1, duplicados: 1, omitidos: 0 });
  });

  it('reads a Norma 43 file: credits matched by the NIF in a 23 concept line, the reference kept, debits ignored', async () => {
    const file = norma43([
      { fecha: '260310', cents: 3000, ref: 'N43-0001', concepts: ['TRANSFERENCIA DE PEÑA IBAÑEZ ANA', 'NIF 12345678Z DONATIVO ABRIL'] },
      { fecha: '260311', cents: -1500, ref: 'RECIBO', concepts: ['COMISION'] },
      { fecha: '260312', cents: 2000, ref: '', concepts: ['BIZUM DE DESCONOCIDO'] },
      // Two identical transfers of one day: two gifts.
      { fecha: '260313', cents: 1000, ref: '', concepts: ['BIZUM 612345678'] },
      { fecha: '260313', cents: 1000, ref: '', concepts: ['BIZUM 612345678'] },
    ]);
    const run = await dryRun(file, 'cuenta.n43');
    expect(run.formato).toBe('norma43');
    expect(run.ignorados).toBe(1);
    expect(run.movimientos.map((m) => [m.fila, m.fecha, m.importeCentimos, m.referencia ?? '', m.estado, m.coincidencia?.motivo])).toEqual([
      [2, '2026-03-10', 3000, 'N43-0001', 'nuevo', 'nif'],
      [7, '2026-03-12', 2000, '', 'sin_persona', undefined],
      [9, '2026-03-13', 1000, '', 'nuevo', 'telefono'],
      [11, '2026-03-13', 1000, '', 'nuevo', 'telefono'],
    ]);
    expect(run.movimientos[0]!.concepto).toBe('TRANSFERENCIA DE PEÑA IBAÑEZ ANA NIF 12345678Z DONATIVO ABRIL');
    expect((await confirm(run.id)).json()).toEqual({ creados: 3, duplicados: 0, omitidos: 1 });
    const [stored] = await t.database.db.select().from(gift).where(eq(gift.referencia, 'N43-0001'));
    expect(stored).toMatchObject({ personaId: ids.Ana, importeCentimos: 3000, fecha: '2026-03-10' });
    expect((await confirm((await dryRun(file, 'cuenta.n43')).id)).json()).toEqual({ creados: 0, duplicados: 3, omitidos: 1 });
  });

  it('refuses what is not a statement with a Spanish 400 naming the field, storing nothing', async () => {
    const imports = await count(bankImport);
    const gifts = await count(gift);
    const cases: [Buffer, string, RegExp][] = [
      [Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), 'extracto.pdf', /PDF/],
      [await png(), 'foto.png', /imagen PNG/],
      [Buffer.from('Querida Marta:\nte escribo para contarte que Luna ya come sola.\n'), 'carta.txt', /cabecera/],
      [Buffer.alloc(0), 'vacio.csv', /está vacío/],
      [Buffer.from('   \r\n'), 'blanco.csv', /vacío/],
      [iconv.encode('Fecha;Concepto;Importe\n01/03/2026;RECIBO;-5,00\n', 'win1252'), 'cargos.csv', /ningún ingreso/],
    ];
    for (const [data, name, message] of cases) {
      const res = await upload(data, name);
      expectErrorShape(res, 400);
      const body = res.json<{ message: string; fieldErrors?: Record<string, string> }>();
      expect(body.message, name).toMatch(message);
      expect(body.fieldErrors?.archivo, name).toBeDefined();
    }
    const wrongField = multipart([{ name: 'file', value: bankCsv(STATEMENT), fileName: 'x.csv' }]);
    expectErrorShape(
      await admin().inject({ method: 'POST', url: '/api/donativos/importar', payload: wrongField.payload, headers: wrongField.headers }),
      400,
    );
    expect(await count(bankImport)).toBe(imports);
    expect(await count(gift)).toBe(gifts);
  });

  it('is for administrators only; an unknown or expired import is a 404', async () => {
    expectErrorShape(await upload(bankCsv(STATEMENT), 'x.csv', t.as('staff')), 403);
    expectErrorShape(await confirm('00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
    const run = await dryRun(bankCsv(STATEMENT));
    await t.database.db
      .update(bankImport)
      .set({ caducaEn: new Date(Date.now() - 1000) })
      .where(eq(bankImport.id, run.id));
    expectErrorShape(await confirm(run.id), 404, 'NOT_FOUND');
    // The next import forgets it.
    await dryRun(bankCsv(STATEMENT));
    expect(await t.database.db.select().from(bankImport).where(eq(bankImport.id, run.id))).toHaveLength(0);
  });
});
