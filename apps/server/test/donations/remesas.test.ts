import { and, eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiErrorBody,
  type Gift,
  type Remesa,
  type RemesaPreview,
  type RemesasResponse,
  dayInZone,
  isTarget2BusinessDay,
  nextBusinessDay,
  remesaMessages,
} from '@refugio/contracts';
import { gift, historyEvent, person, pet, remesa, remesaLinea } from '../../src/db/schema';
import { isUniqueViolation } from '../../src/lib/db-errors';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';

/*
 * SEPA direct-debit batches (DESIGN section 15): which fees are due on a day, each period charged once, one gift per
 * fee recorded in the same transaction with its history, the bank file read back element by element, IBANs masked
 * everywhere but in that file.
 */

const CREDITOR_ID = 'ES23ZZZ47690558N';
const CREDITOR_IBAN = 'ES9121000418450200051332';
const IBAN_A = 'ES7921000813610123456789';
const IBAN_B = 'ES9121000418450200051332';
const MASKED_A = 'ES79 **** **** **** **** 6789';

type Node = Record<string, unknown>;

/** The element `name` under `nodes` (preserveOrder output), or its list when there are several. */
function all(nodes: Node[], name: string): Node[][] {
  return nodes.filter((n) => name in n).map((n) => n[name] as Node[]);
}
function one(nodes: Node[], ...path: string[]): Node[] {
  let current = nodes;
  for (const name of path) {
    const found = all(current, name);
    if (found.length !== 1) throw new Error(`<${name}>: ${found.length}`);
    current = found[0]!;
  }
  return current;
}
function text(nodes: Node[], ...path: string[]): string {
  return String((one(nodes, ...path)[0] as { '#text': unknown })['#text']);
}

describe('SEPA direct-debit batches (remesas)', () => {
  let t: TestApp;
  let today: string;
  let year: number;
  const admin = () => t.as('admin');
  const day = (y: number, mmdd: string) => `${y}-${mmdd}`;
  /** A collection day: that day, or the first TARGET2 business day after it (banks charge on no other). */
  const cd = (y: number, mmdd: string) => (isTarget2BusinessDay(day(y, mmdd)) ? day(y, mmdd) : nextBusinessDay(day(y, mmdd)));
  let feeA = 0;
  let feeB = 0;
  let feeC = 0;
  let petId = 0;
  let first: Remesa;

  beforeAll(async () => {
    t = await createTestApp();
    today = dayInZone(new Date(), t.config.orgTimeZone);
    year = Number(today.slice(0, 4)) + 1;
  });
  afterAll(() => t.close());

  const insertPerson = async (nombre: string, apellidos = 'Prueba') => {
    const [row] = await t.database.db.insert(person).values({ nombre, apellidos }).returning();
    return row!.id;
  };
  const createFee = async (personaId: number, body: Record<string, unknown>) => {
    const res = await admin().inject({ method: 'POST', url: `/api/personas/${personaId}/cuotas`, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  };
  const debit = (iban: string, referencia: string, extra: Record<string, unknown>) => ({
    tipo: 'socio',
    importe: '12,50',
    periodicidad: 'mensual',
    desde: day(year, '01-01'),
    metodoPago: 'domiciliacion',
    iban,
    mandato: { referencia, fechaFirma: '2026-01-01' },
    ...extra,
  });
  const post = (fechaCobro: unknown) => admin().inject({ method: 'POST', url: '/api/remesas', payload: { fechaCobro } });
  const preview = (fechaCobro: string) => admin().inject({ method: 'GET', url: `/api/remesas/previsualizacion?fechaCobro=${fechaCobro}` });
  const counts = async () => ({
    remesas: (await t.database.db.select().from(remesa)).length,
    lines: (await t.database.db.select().from(remesaLinea)).length,
    gifts: (await t.database.db.select().from(gift)).length,
    events: (await t.database.db.select().from(historyEvent)).length,
  });

  it('refuses a batch while Configuración lacks what the bank file needs, naming it (409), and writes nothing', async () => {
    const a = await insertPerson('Lucía', 'Pérez Muñoz');
    feeA = await createFee(a, debit(IBAN_A, 'MANDATO-A', {}));
    const before = await counts();
    const res = await post(cd(year, '01-05'));
    expectErrorShape(res, 409, 'CONFLICT');
    const message = res.json<ApiErrorBody>().message;
    expect(message).toMatch(/^Para emitir remesas, completa en Configuración /);
    for (const what of ['el NIF de la entidad', 'el identificador de acreedor SEPA', 'el IBAN de abono de las remesas'])
      expect(message).toContain(what);
    expectErrorShape(await preview(cd(year, '01-05')), 409, 'CONFLICT');
    expect(await counts()).toEqual(before);

    const saved = await admin().inject({
      method: 'PUT',
      url: '/api/organizacion',
      payload: {
        nombre: 'Protectora Patitas',
        email: null,
        telefono: null,
        direccion: null,
        web: null,
        zonaHoraria: t.config.orgTimeZone,
        nif: 'G28260008',
        acreedorSepa: CREDITOR_ID,
        ibanAcreedor: CREDITOR_IBAN,
        version: 0,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('refuses a past or invalid collection day with a 400 naming fechaCobro', async () => {
    const before = await counts();
    for (const bad of ['2020-01-01', '2026-02-30', 'mañana', '', 20260101, null]) {
      const res = await post(bad);
      expectErrorShape(res, 400);
      expect(Object.keys(res.json<ApiErrorBody>().fieldErrors ?? {}), JSON.stringify(bad)).toEqual(['fechaCobro']);
    }
    expect((await post('2020-01-01')).json<ApiErrorBody>().message).toBe(remesaMessages.dateInPast);
    expect(await counts()).toEqual(before);
  });

  it('charges the fees due on the day: previews them, then makes the batch, one gift per fee and the history, in cents', async () => {
    const b = await insertPerson('Berta');
    const [p] = await t.database.db
      .insert(pet)
      .values({ nombre: 'Luna', edad: '2 años', tipo: 'Perro', genero: 'hembra', tamano: 'mediano', esterilizado: 'no' })
      .returning();
    petId = p!.id;
    feeB = await createFee(
      b,
      debit(IBAN_B, 'MANDATO-B', { tipo: 'padrino', mascotaId: petId, importe: '0,10', periodicidad: 'trimestral', desde: day(year, '01-15') }),
    );
    // Not due on the day: it starts later; it is paid in cash; it ended before; a person anonymised.
    feeC = await createFee(b, debit(IBAN_B, 'MANDATO-C', { periodicidad: 'anual', desde: day(year, '03-01') }));
    await createFee(b, { tipo: 'socio', importe: '5', periodicidad: 'mensual', desde: day(year, '01-01'), metodoPago: 'efectivo' });
    const left = await createFee(b, debit(IBAN_B, 'MANDATO-D', {}));
    const leave = await admin().inject({
      method: 'POST',
      url: `/api/cuotas/${left}/baja`,
      payload: { fecha: day(year, '01-03'), motivo: 'Se da de baja', version: 1 },
    });
    expect(leave.statusCode, leave.body).toBe(200);
    const gone = await insertPerson('Quien', 'Se fue');
    await createFee(gone, debit(IBAN_B, 'MANDATO-E', {}));
    await t.database.db.update(person).set({ anonimizadaEn: new Date() }).where(eq(person.id, gone));

    const seen = await preview(cd(year, '01-20'));
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json<RemesaPreview>()).toMatchObject({ numero: 2, importeTotal: 12.6, importeTotalCentimos: 1260 });
    expect(seen.json<RemesaPreview>().cuotas.map((c) => [c.cuotaId, c.periodoDesde, c.secuencia, c.iban])).toEqual([
      [feeA, day(year, '01-01'), 'FRST', MASKED_A],
      [feeB, day(year, '01-15'), 'FRST', 'ES91 **** **** **** **** 1332'],
    ]);
    const before = await counts();
    expect(before.remesas).toBe(0);

    const res = await post(cd(year, '01-20'));
    expect(res.statusCode, res.body).toBe(201);
    first = res.json<Remesa>();
    expect(first).toMatchObject({ fechaCobro: cd(year, '01-20'), numero: 2, importeTotal: 12.6, importeTotalCentimos: 1260, estado: 'emitida' });
    expect(res.body).not.toContain(IBAN_A);
    const [lineA, lineB] = first.cuotas;
    expect(lineA).toMatchObject({ cuotaId: feeA, tipo: 'socio', iban: MASKED_A, secuencia: 'FRST', importeCentimos: 1250 });
    expect(lineA!.persona.nombre).toBe('Lucía Pérez Muñoz');
    expect(lineB).toMatchObject({ cuotaId: feeB, tipo: 'padrino', mascota: { id: petId, nombre: 'Luna' }, importeCentimos: 10 });
    expect(lineA!.referencia).toBe(`R${first.id}-C${feeA}-${year}0101`);

    // The gifts a returned debit is recorded on: one per fee, for the day, with the end-to-end id as reference.
    const gifts = await t.database.db.select().from(gift).orderBy(gift.id);
    expect(gifts.map((g) => [g.feeId, g.concepto, g.petId, g.metodo, g.fecha, g.importeCentimos, g.referencia, g.estado])).toEqual([
      [feeA, 'cuota', null, 'domiciliacion', cd(year, '01-20'), 1250, lineA!.referencia, 'registrado'],
      [feeB, 'apadrinamiento', petId, 'domiciliacion', cd(year, '01-20'), 10, lineB!.referencia, 'registrado'],
    ]);
    expect(lineA!.donativo).toEqual({ id: gifts[0]!.id, concepto: 'cuota', estado: 'registrado', version: 1 });

    const after = await counts();
    expect(after).toEqual({ remesas: 1, lines: 2, gifts: before.gifts + 2, events: before.events + 3 });
    const [event] = await t.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'remesa'), eq(historyEvent.entidadId, String(first.id))));
    expect(event).toMatchObject({
      accion: 'crear',
      cambios: { fechaCobro: [null, cd(year, '01-20')], numero: [null, 2], importeTotal: [null, 12.6] },
    });
    const giftEvents = await t.database.db.select().from(historyEvent).where(eq(historyEvent.entidad, 'donativo'));
    expect(giftEvents.map((e) => (e.cambios as Record<string, unknown>).remesaId)).toEqual([
      [null, first.id],
      [null, first.id],
    ]);
    expect(JSON.stringify(giftEvents)).not.toContain(IBAN_A);
  });

  it('never charges a period twice: the same period later is 422, the next period is charged RCUR', async () => {
    const before = await counts();
    for (const again of [cd(year, '01-20'), cd(year, '01-27')]) {
      const res = await post(again);
      expectErrorShape(res, 422, 'UNPROCESSABLE');
      expect(res.json<ApiErrorBody>().message).toBe(remesaMessages.noDueFees);
    }
    expect(await counts()).toEqual(before);

    // February: the monthly fee's next period; the quarterly one (15 January to 14 April) was charged already.
    const next = await post(cd(year, '02-05'));
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json<Remesa>().cuotas.map((c) => [c.cuotaId, c.periodoDesde, c.secuencia])).toEqual([[feeA, day(year, '02-01'), 'RCUR']]);
    // April 15th starts the quarterly fee's second period (RCUR under the same mandate); the yearly fee started in
    // March and no batch charged it yet: its first debit, FRST.
    const april = await post(cd(year, '04-15'));
    expect(april.json<Remesa>().cuotas.map((c) => [c.cuotaId, c.periodoDesde, c.secuencia])).toEqual([
      [feeA, day(year, '04-01'), 'RCUR'],
      [feeB, day(year, '04-15'), 'RCUR'],
      [feeC, day(year, '03-01'), 'FRST'],
    ]);
  });

  it('keeps the rule in the database: a second line for a fee and period is refused by the unique key', async () => {
    const [line] = await t.database.db.select().from(remesaLinea).where(eq(remesaLinea.feeId, feeA)).limit(1);
    const { id: _id, ...copy } = line!;
    const [g] = await t.database.db.select().from(gift).limit(1);
    const { id: _g, version: _v, createdAt: _c, updatedAt: _u, ...giftCopy } = g!;
    const [newGift] = await t.database.db.insert(gift).values(giftCopy).returning();
    const error = await t.database.db
      .insert(remesaLinea)
      .values({ ...copy, giftId: newGift!.id, referencia: 'OTRA' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(error)).toBe(true);
    await t.database.db.delete(gift).where(eq(gift.id, newGift!.id));
  });

  it('lists the batches and shows one with masked IBANs; unknown ids are 404', async () => {
    const list = await admin().inject({ method: 'GET', url: '/api/remesas' });
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json<RemesasResponse>();
    expect(body.total).toBe(3);
    expect(body.items.map((r) => r.fechaCobro)).toEqual([cd(year, '04-15'), cd(year, '02-05'), cd(year, '01-20')]);
    expect(body.items[2]).toMatchObject({ id: first.id, numero: 2, importeTotalCentimos: 1260, devueltas: 0 });
    expect(body.items[2]!.creadaPor).toBeTruthy();

    const one = await admin().inject({ method: 'GET', url: `/api/remesas/${first.id}` });
    expect(one.json<Remesa>()).toEqual({ ...first });
    expect(one.body).not.toMatch(/ES\d{22}/);
    expectErrorShape(await admin().inject({ method: 'GET', url: '/api/remesas/999999' }), 404);
    expectErrorShape(await admin().inject({ method: 'GET', url: '/api/remesas/999999/xml' }), 404);
    expectErrorShape(await admin().inject({ method: 'GET', url: '/api/remesas/abc' }), 400);
  });

  it('writes the pain.008.001.02 file a Spanish bank checks, read back element by element', async () => {
    const res = await admin().inject({ method: 'GET', url: `/api/remesas/${first.id}/xml` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="remesa_${first.id}_${cd(year, '01-20')}.xml"`);
    const xml = res.body;
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain('xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.02"');
    const doc = new XMLParser({ preserveOrder: true, ignoreAttributes: false, parseTagValue: false }).parse(xml) as Node[];
    const initn = one(doc, 'Document', 'CstmrDrctDbtInitn');
    const header = one(initn, 'GrpHdr');
    expect(text(header, 'MsgId')).toBe(`REMESA-${first.id}`);
    expect(text(header, 'NbOfTxs')).toBe('2');
    expect(text(header, 'CtrlSum')).toBe('12.60');
    expect(text(header, 'InitgPty', 'Nm')).toBe('Protectora Patitas');

    const blocks = all(initn, 'PmtInf');
    // Both are the mandates' first debits: one FRST block.
    expect(blocks).toHaveLength(1);
    const block = blocks[0]!;
    expect(text(block, 'PmtTpInf', 'SeqTp')).toBe('FRST');
    expect(text(block, 'PmtTpInf', 'LclInstrm', 'Cd')).toBe('CORE');
    expect(text(block, 'ReqdColltnDt')).toBe(cd(year, '01-20'));
    expect(text(block, 'NbOfTxs')).toBe('2');
    expect(text(block, 'CtrlSum')).toBe('12.60');
    expect(text(block, 'CdtrAcct', 'Id', 'IBAN')).toBe(CREDITOR_IBAN);
    expect(text(block, 'CdtrSchmeId', 'Id', 'PrvtId', 'Othr', 'Id')).toBe(CREDITOR_ID);
    expect(text(block, 'CdtrSchmeId', 'Id', 'PrvtId', 'Othr', 'SchmeNm', 'Prtry')).toBe('SEPA');
    const txs = all(block, 'DrctDbtTxInf');
    expect(txs.map((tx) => text(tx, 'PmtId', 'EndToEndId'))).toEqual(first.cuotas.map((c) => c.referencia));
    expect(txs.map((tx) => text(tx, 'InstdAmt'))).toEqual(['12.50', '0.10']);
    expect(txs.map((tx) => text(tx, 'DrctDbtTx', 'MndtRltdInf', 'MndtId'))).toEqual(['MANDATO-A', 'MANDATO-B']);
    expect(txs.map((tx) => text(tx, 'DrctDbtTx', 'MndtRltdInf', 'DtOfSgntr'))).toEqual(['2026-01-01', '2026-01-01']);
    // Whole IBANs here, and only here; names in the SEPA character set.
    expect(txs.map((tx) => text(tx, 'DbtrAcct', 'Id', 'IBAN'))).toEqual([IBAN_A, IBAN_B]);
    expect(text(txs[0]!, 'Dbtr', 'Nm')).toBe('Lucia Perez Munoz');
    expect(text(txs[1]!, 'RmtInf', 'Ustrd')).toBe(`Apadrinamiento de Luna trimestral desde 15/01/${year}`);
    // The header's count and sum are those of the lines.
    const sum = txs.reduce((cents, tx) => cents + Math.round(Number(text(tx, 'InstdAmt')) * 100), 0);
    expect(sum).toBe(first.importeTotalCentimos);

    // The same file every time.
    expect((await admin().inject({ method: 'GET', url: `/api/remesas/${first.id}/xml` })).body).toBe(xml);
    // April's batch: one FRST block (the yearly fee's first debit) and one RCUR block, each with its own count and sum.
    const list = (await admin().inject({ method: 'GET', url: '/api/remesas' })).json<RemesasResponse>();
    const april = await admin().inject({ method: 'GET', url: `/api/remesas/${list.items[0]!.id}/xml` });
    const aprilDoc = one(new XMLParser({ preserveOrder: true, parseTagValue: false }).parse(april.body) as Node[], 'Document', 'CstmrDrctDbtInitn');
    expect(text(aprilDoc, 'GrpHdr', 'NbOfTxs')).toBe('3');
    expect(text(aprilDoc, 'GrpHdr', 'CtrlSum')).toBe('25.10');
    expect(
      all(aprilDoc, 'PmtInf').map((b) => [text(b, 'PmtTpInf', 'SeqTp'), text(b, 'NbOfTxs'), text(b, 'CtrlSum'), all(b, 'DrctDbtTxInf').length]),
    ).toEqual([
      ['FRST', '1', '12.50', 1],
      ['RCUR', '2', '12.60', 2],
    ]);
  });

  it('records a returned debit on its gift with the existing route, with its reason in the history', async () => {
    const line = first.cuotas[0]!;
    const res = await admin().inject({
      method: 'POST',
      url: `/api/donativos/${line.donativo!.id}/devolucion`,
      payload: { version: line.donativo!.version, motivo: 'AM04 sin fondos' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Gift>().estado).toBe('devuelto');
    const detail = (await admin().inject({ method: 'GET', url: `/api/remesas/${first.id}` })).json<Remesa>();
    expect(detail.devueltas).toBe(1);
    expect(detail.cuotas[0]!.donativo).toMatchObject({ estado: 'devuelto', version: 2 });
    const [event] = await t.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'donativo'), eq(historyEvent.entidadId, String(line.donativo!.id)), eq(historyEvent.accion, 'estado')));
    expect(event!.cambios).toEqual({ estado: ['registrado', 'devuelto'], motivo: [null, 'AM04 sin fondos'] });
  });

  it("an anonymisation replaces the debtor's name copied into the lines; the bank file names no one", async () => {
    const [lineA] = await t.database.db.select().from(remesaLinea).where(eq(remesaLinea.feeId, feeA)).limit(1);
    expect(lineA!.deudorNombre).toBe('Lucía Pérez Muñoz');
    const personaId = first.cuotas[0]!.persona.id;
    const anonymised = await admin().inject({ method: 'POST', url: `/api/personas/${personaId}/anonimizar` });
    expect(anonymised.statusCode, anonymised.body).toBe(200);
    const lines = await t.database.db.select().from(remesaLinea).where(eq(remesaLinea.feeId, feeA));
    expect(lines.map((l) => l.deudorNombre)).toEqual(lines.map(() => 'Persona anonimizada'));
    const xml = (await admin().inject({ method: 'GET', url: `/api/remesas/${first.id}/xml` })).body;
    expect(xml).not.toContain('Lucia');
    expect(xml).toContain('<Nm>Persona anonimizada</Nm>');
  });

  it('leaves out a fee SEPA cannot carry, says why, and charges the rest (the whole batch was refused with a 409)', async () => {
    // A debtor whose name has no Latin letter: no SEPA character can write it.
    const greek = await insertPerson('Οδυσσέας', 'Παπαδόπουλος');
    const bad = await createFee(greek, debit(IBAN_A, 'MANDATO-7', { desde: day(year + 1, '01-01') }));
    const c = await insertPerson('Carmen');
    const good = await createFee(c, debit(IBAN_A, 'MANDATO-8', { desde: day(year + 1, '01-01') }));
    const seen = await preview(cd(year + 1, '01-05'));
    expect(seen.statusCode, seen.body).toBe(200);
    // Berta's sponsorship of the earlier tests is due too; the Greek name's fee alone is left out.
    expect(seen.json<RemesaPreview>().cuotas.map((l) => l.cuotaId)).toEqual([feeB, good]);
    expect(seen.json<RemesaPreview>().excluidas).toEqual([
      { cuotaId: bad, persona: { id: greek, nombre: 'Οδυσσέας Παπαδόπουλος' }, motivo: 'no tiene ningún carácter que admita SEPA' },
    ]);
    const res = await post(cd(year + 1, '01-05'));
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<Remesa>();
    expect(made.cuotas.map((l) => l.cuotaId)).toEqual([feeB, good]);
    expect(made.excluidas.map((e) => [e.cuotaId, e.motivo])).toEqual([[bad, 'no tiene ningún carácter que admita SEPA']]);
    const xml = (await admin().inject({ method: 'GET', url: `/api/remesas/${made.id}/xml` })).body;
    expect(xml).toContain('<MndtId>MANDATO-8</MndtId>');
    expect(xml).not.toContain('MANDATO-7');
    const [event] = await t.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'remesa'), eq(historyEvent.entidadId, String(made.id))));
    expect(event!.cambios).toMatchObject({ excluidas: [null, [{ cuotaId: bad, motivo: 'no tiene ningún carácter que admita SEPA' }]] });
  });
});
