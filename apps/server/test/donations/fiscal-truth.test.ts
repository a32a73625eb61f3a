import { and, eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiErrorBody,
  type BankImport,
  type ColaboraResult,
  type Fee,
  type Gift,
  type GiftsResponse,
  type Modelo182Presentation,
  type Modelo182Review,
  type OrganizationSettings,
  bankImportMessages,
  dayInZone,
  donationMessages,
} from '@refugio/contracts';
import { gift, historyEvent, person } from '../../src/db/schema';
import { type TestApp, createTestApp } from '../helpers/helpers';
import { multipart } from '../helpers/media';

/*
 * Issue 47, the money contract (DESIGN section 15): what counts as money received (a direct debit from its collection
 * day, never once returned; a statement movement dated after today is never stored), what is a deductible gift, how
 * the modelo 182 declares E entities and non-residents and what it produces once presented, and that a public form
 * never sets a known person's fiscal identity. The file is read back with the positions of the AEAT's published
 * record layout (Orden HAP/2194/2013 as amended, "Modelo 182. Diseños de registro": type 1 and type 2 records of 250
 * characters), transcribed here from that document and NOT taken from the code's tables.
 */

/** The AEAT's layout, type 1 (declarante), 1-based inclusive positions, transcribed from the published design. */
const T1 = {
  tipo: [1, 1],
  modelo: [2, 4],
  ejercicio: [5, 8],
  nifDeclarante: [9, 17],
  denominacion: [18, 57],
  soporte: [58, 58],
  telefono: [59, 67],
  contacto: [68, 107],
  justificante: [108, 120],
  complementaria: [121, 121],
  sustitutiva: [122, 122],
  justificanteAnterior: [123, 135],
  numeroDeclarados: [136, 144],
  importeTotal: [145, 159],
  naturalezaDeclarante: [160, 160],
} as const;
/** Type 2 (declarado). */
const T2 = {
  tipo: [1, 1],
  modelo: [2, 4],
  ejercicio: [5, 8],
  nifDeclarante: [9, 17],
  nifDeclarado: [18, 26],
  nifRepresentante: [27, 35],
  nombre: [36, 75],
  provincia: [76, 77],
  clave: [78, 78],
  porcentaje: [79, 83],
  importe: [84, 96],
  especie: [97, 97],
  ccaa: [98, 99],
  porcentajeCcaa: [100, 104],
  naturaleza: [105, 105],
  revocacion: [106, 106],
  ejercicioRevocacion: [107, 110],
  tipoBien: [111, 111],
  identificacionBien: [112, 131],
  recurrencia: [132, 132],
  blancos: [182, 250],
} as const;
const at = (record: string, [from, to]: readonly [number, number]) => record.slice(from - 1, to);

describe('money received, deductible gifts, the modelo 182 once presented, fiscal identity from public forms', () => {
  let t: TestApp;
  let today: string;
  let year: number;
  let tomorrow: string;
  const admin = () => t.as('admin');

  const insertPerson = async (values: Partial<typeof person.$inferInsert> & { nombre: string }) => {
    const [row] = await t.database.db
      .insert(person)
      .values({ apellidos: '', roles: ['donante'], ...values })
      .returning();
    return row!.id;
  };
  /** A gift as a SEPA batch writes it: registered, by direct debit, dated on its collection day. */
  const insertGift = async (values: Partial<typeof gift.$inferInsert> & { personaId: number | null; importeCentimos: number; fecha: string }) => {
    const [row] = await t.database.db
      .insert(gift)
      .values({ metodo: 'transferencia', concepto: 'donativo', estado: 'registrado', ...values })
      .returning();
    return row!.id;
  };
  const review = async (anio: number) => {
    const res = await admin().inject({ method: 'GET', url: `/api/fiscal/modelo-182/revision?anio=${anio}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Modelo182Review>();
  };
  const file = async (anio: number) => {
    const res = await admin().inject({ method: 'GET', url: `/api/fiscal/modelo-182?anio=${anio}` });
    expect(res.statusCode, res.body).toBe(200);
    const text = iconv.decode(res.rawPayload, 'latin1');
    const records = text.split('\r\n').slice(0, -1);
    for (const r of records) expect(r).toHaveLength(250);
    return { head: records[0]!, rows: records.slice(1) };
  };
  const present = (anio: number, justificante: string) =>
    admin().inject({ method: 'POST', url: '/api/fiscal/modelo-182/presentaciones', payload: { anio, presentadaEn: today, justificante } });

  beforeAll(async () => {
    t = await createTestApp();
    today = dayInZone(new Date(), t.config.orgTimeZone);
    year = Number(today.slice(0, 4));
    const next = new Date(`${today}T12:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    tomorrow = next.toISOString().slice(0, 10);
    const version = (await admin().inject({ method: 'GET', url: '/api/organizacion' })).json<OrganizationSettings>().version;
    const saved = await admin().inject({
      method: 'PUT',
      url: '/api/organizacion',
      payload: {
        nombre: 'Refugio Patitas',
        email: null,
        telefono: '600 12 34 56',
        direccion: null,
        web: null,
        zonaHoraria: t.config.orgTimeZone,
        nif: 'G28015865',
        ley49: true,
        version,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(() => t.close());

  it('1. a direct debit is money received only from its collection day: not in the list total, the 182, a certificate or the month', async () => {
    const ana = await insertPerson({ nombre: 'Ana', apellidos: 'Debe Cobro', nif: '12345678Z', codigoPostal: '28001' });
    const id = await insertGift({ personaId: ana, importeCentimos: 1000, fecha: tomorrow, metodo: 'domiciliacion', concepto: 'cuota' });
    const returned = await insertGift({
      personaId: ana,
      importeCentimos: 700,
      fecha: today,
      metodo: 'domiciliacion',
      concepto: 'cuota',
      estado: 'devuelto',
    });

    const list = (await admin().inject({ method: 'GET', url: `/api/donativos?personaId=${ana}` })).json<GiftsResponse>();
    expect(list.items.map((g) => [g.id, g.recibido])).toEqual(
      expect.arrayContaining([
        [id, false],
        [returned, false],
      ]),
    );
    expect(list.importeTotalCentimos).toBe(0);
    if (tomorrow.slice(0, 4) === String(year)) {
      expect((await review(year)).incluidos.map((i) => i.persona.id)).not.toContain(ana);
      const cert = await admin().inject({ method: 'GET', url: `/api/personas/${ana}/certificado-donaciones?anio=${year}` });
      expect(cert.statusCode, cert.body).toBe(404);
      const dashboard = (await admin().inject({ method: 'GET', url: '/api/dashboard' })).json<{ dinero: { ingresosMesTotalCentimos: number } }>();
      expect(dashboard.dinero.ingresosMesTotalCentimos).toBe(0);
    }
  });

  it('1. a statement movement dated after today is shown as such and never stored (skipped, or 400 when chosen)', async () => {
    await insertPerson({ nombre: 'Nerea', nif: '87654321X', email: 'nerea@example.org' });
    const dmy = (iso: string) => iso.split('-').reverse().join('/');
    const csv = [
      'Fecha;Fecha valor;Concepto;Importe;Saldo',
      `${dmy(tomorrow)};${dmy(tomorrow)};TRANSFERENCIA DNI 87654321X DONATIVO;25,00;1.000,00`,
    ].join('\r\n');
    const form = multipart([{ name: 'archivo', value: Buffer.from(csv, 'latin1'), fileName: 'extracto.csv', contentType: 'text/csv' }]);
    const res = await admin().inject({ method: 'POST', url: '/api/donativos/importar', payload: form.payload, headers: form.headers });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<BankImport>();
    expect(preview.movimientos[0]).toMatchObject({ estado: 'futuro', aviso: bankImportMessages.futureDate });
    const fila = preview.movimientos[0]!.fila;
    const chosen = await admin().inject({ method: 'POST', url: `/api/donativos/importar/${preview.id}/confirmar`, payload: { filas: [fila] } });
    expect(chosen.statusCode, chosen.body).toBe(400);
    expect(chosen.json<ApiErrorBody>().message).toBe(bankImportMessages.rowInFuture(fila));
    const all = await admin().inject({ method: 'POST', url: `/api/donativos/importar/${preview.id}/confirmar`, payload: {} });
    expect(all.json<{ creados: number }>().creados).toBe(0);
    expect(await t.database.db.select().from(gift).where(eq(gift.fecha, tomorrow))).toHaveLength(1); // only test 1's debit
  });

  it('3. a payment with a consideration is not a deductible gift: evento and otro by default, staff change it with history', async () => {
    const luis = await insertPerson({ nombre: 'Luis', apellidos: 'Cena Benéfica', nif: '00000000T', codigoPostal: '46001' });
    const res = await admin().inject({
      method: 'POST',
      url: '/api/donativos',
      payload: { personaId: luis, importe: '40,00', fecha: `${year - 1}-06-01`, metodo: 'efectivo', concepto: 'evento' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const ticket = res.json<Gift>();
    expect(ticket.deducible).toBe(false);
    expect((await review(year - 1)).incluidos.map((i) => i.persona.id)).not.toContain(luis);
    const cert = await admin().inject({ method: 'GET', url: `/api/personas/${luis}/certificado-donaciones?anio=${year - 1}` });
    expect(cert.statusCode).toBe(404);

    const patched = await admin().inject({
      method: 'PATCH',
      url: `/api/donativos/${ticket.id}`,
      payload: { deducible: true, version: ticket.version },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<Gift>().deducible).toBe(true);
    expect((await review(year - 1)).incluidos.map((i) => i.persona.id)).toContain(luis);
    const stale = await admin().inject({
      method: 'PATCH',
      url: `/api/donativos/${ticket.id}`,
      payload: { deducible: false, version: ticket.version },
    });
    expect(stale.statusCode).toBe(409);
    const [event] = await t.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'donativo'), eq(historyEvent.entidadId, String(ticket.id)), eq(historyEvent.accion, 'modificar')));
    expect(event!.cambios).toEqual({ deducible: [false, true] });
    // Back to not deductible for the file test below.
    await admin().inject({ method: 'PATCH', url: `/api/donativos/${ticket.id}`, payload: { deducible: false, version: ticket.version + 1 } });
  });

  it('2. and 5. an E entity is declared E with the IRPF scale, a non-resident with province 99; read back at the AEAT positions', async () => {
    const y = year - 1;
    const comunidad = await insertPerson({ nombre: 'Comunidad de Bienes Olmo', nif: 'E28000008', codigoPostal: '50001' });
    await insertGift({ personaId: comunidad, importeCentimos: 12_345, fecha: `${y}-03-03` });
    const fr = await insertPerson({ nombre: 'Claire', apellidos: 'Dupont', nif: 'X1234567L', pais: 'FR' });
    await insertGift({ personaId: fr, importeCentimos: 5_000, fecha: `${y}-04-04` });
    const noCp = await insertPerson({ nombre: 'Sin', apellidos: 'Codigo', nif: '11111111H' });
    await insertGift({ personaId: noCp, importeCentimos: 900, fecha: `${y}-05-05` });

    const rev = await review(y);
    expect(rev.incluidos.find((i) => i.persona.id === comunidad)).toMatchObject({ naturaleza: 'E', provincia: '50' });
    expect(rev.incluidos.find((i) => i.persona.id === fr)).toMatchObject({ naturaleza: 'F', provincia: '99', pais: 'FR' });
    expect(rev.excluidos.find((e) => e.persona.id === noCp)?.motivo).toBe('sin_codigo_postal');

    const { head, rows } = await file(y);
    expect(at(head, T1.tipo)).toBe('1');
    expect(at(head, T1.modelo)).toBe('182');
    expect(at(head, T1.ejercicio)).toBe(String(y));
    expect(at(head, T1.nifDeclarante)).toBe('G28015865');
    expect(at(head, T1.soporte)).toBe('T');
    expect(at(head, T1.telefono)).toBe('600123456');
    expect(at(head, T1.complementaria)).toBe(' ');
    expect(at(head, T1.sustitutiva)).toBe(' ');
    expect(at(head, T1.justificanteAnterior)).toBe('0000000000000');
    expect(Number(at(head, T1.numeroDeclarados))).toBe(rows.length);
    expect(at(head, T1.importeTotal)).toBe(String(rev.totalCentimos).padStart(15, '0'));
    expect(at(head, T1.naturalezaDeclarante)).toBe('1');
    const e = rows.find((r) => at(r, T2.nifDeclarado) === 'E28000008')!;
    expect(at(e, T2.tipo) + at(e, T2.modelo) + at(e, T2.ejercicio) + at(e, T2.nifDeclarante)).toBe(`2182${y}G28015865`);
    expect(at(e, T2.naturaleza)).toBe('E');
    expect(at(e, T2.provincia)).toBe('50');
    expect(at(e, T2.clave)).toBe('A');
    expect(at(e, T2.importe)).toBe('0000000012345');
    expect(at(e, T2.porcentaje)).toBe('08000'); // 80 % (IRPF, up to 250 euros), never the company's 40 %
    expect(at(e, T2.nombre).trimEnd()).toBe('COMUNIDAD DE BIENES OLMO');
    const nr = rows.find((r) => at(r, T2.nifDeclarado) === 'X1234567L')!;
    expect(at(nr, T2.provincia)).toBe('99');
    expect(at(nr, T2.naturaleza)).toBe('F');
    expect(at(nr, T2.nombre).trimEnd()).toBe('DUPONT CLAIRE');
    expect(at(nr, T2.recurrencia)).toBe('2');
    expect(at(nr, T2.blancos).trim()).toBe('');
    expect(rows.some((r) => at(r, T2.nifDeclarado) === '00000000T')).toBe(false); // the dinner ticket
    const sum = rows.reduce((s, r) => s + Number(at(r, T2.importe)), 0);
    expect(Number(at(head, T1.importeTotal))).toBe(sum);

    // A person's country of residence is validated; Spain is no country abroad.
    const bad = await admin().inject({ method: 'PATCH', url: `/api/personas/${noCp}`, payload: { version: 1, pais: 'XX' } });
    expect(bad.statusCode).toBe(400);
  });

  it('2. and 5. once presented, a later change is a complementary or substitute declaration with the previous justificante', async () => {
    const y = year - 1;
    const before = await review(y);
    expect(before.presentaciones).toEqual([]);
    const first = await present(y, '1820000000011');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<Modelo182Presentation>()).toMatchObject({
      tipo: 'normal',
      justificanteAnterior: null,
      numero: before.incluidos.length,
      presentadaPor: 'Persona De Prueba',
    });
    // The review names who recorded it (the screen shows "Presentado el ... por ...").
    expect((await review(y)).presentaciones).toMatchObject([{ justificante: '1820000000011', presentadaPor: 'Persona De Prueba' }]);
    expect((await present(y, '1820000000012')).statusCode).toBe(409); // nothing changed
    const presented = await file(y);
    expect(at(presented.head, T1.justificante)).toBe('1820000000011');

    // A donor omitted before: a complementary declaration with only the new record.
    const nuevo = await insertPerson({ nombre: 'Olvidada', apellidos: 'Antes', nif: '23456789D', codigoPostal: '41001' });
    await insertGift({ personaId: nuevo, importeCentimos: 2_000, fecha: `${y}-09-09` });
    expect((await review(y)).cambio).toMatchObject({ tipo: 'complementaria', justificanteAnterior: '1820000000011', altas: 1, bajas: 0, cambios: 0 });
    const c = await file(y);
    expect(at(c.head, T1.complementaria)).toBe('C');
    expect(at(c.head, T1.sustitutiva)).toBe(' ');
    expect(at(c.head, T1.justificanteAnterior)).toBe('1820000000011');
    expect(at(c.head, T1.justificante)).not.toBe('1820000000011');
    expect(c.rows.map((r) => at(r, T2.nifDeclarado))).toEqual(['23456789D']);
    expect(at(c.head, T1.numeroDeclarados)).toBe('000000001');
    expect(at(c.head, T1.importeTotal)).toBe('000000000002000');
    expect((await present(y, '1820000000013')).json<Modelo182Presentation>().tipo).toBe('complementaria');

    // A gift annulled after presenting: a substitute declaration of every record, never a silently different file.
    const comunidadGift = (await t.database.db.select().from(gift).where(eq(gift.importeCentimos, 12_345)))[0]!;
    const annul = await admin().inject({
      method: 'POST',
      url: `/api/donativos/${comunidadGift.id}/anular`,
      payload: { motivo: 'Error', version: comunidadGift.version },
    });
    expect(annul.statusCode, annul.body).toBe(200);
    const rev = await review(y);
    expect(rev.cambio).toMatchObject({ tipo: 'sustitutiva', justificanteAnterior: '1820000000013', bajas: 1 });
    const s = await file(y);
    expect(at(s.head, T1.complementaria)).toBe(' ');
    expect(at(s.head, T1.sustitutiva)).toBe('S');
    expect(at(s.head, T1.justificanteAnterior)).toBe('1820000000013');
    expect(Number(at(s.head, T1.numeroDeclarados))).toBe(rev.incluidos.length);
    expect(s.rows.some((r) => at(r, T2.nifDeclarado) === 'E28000008')).toBe(false);
    const sub = await present(y, '1820000000014');
    expect(sub.json<Modelo182Presentation>()).toMatchObject({ tipo: 'sustitutiva', justificanteAnterior: '1820000000013' });
    expect((await present(y, '1820000000014')).statusCode).toBe(409);
    const events = await t.database.db.select().from(historyEvent).where(eq(historyEvent.entidad, 'modelo_182'));
    expect(events).toHaveLength(3);
    const badDay = await admin().inject({
      method: 'POST',
      url: '/api/fiscal/modelo-182/presentaciones',
      payload: { anio: y, presentadaEn: `${y}-06-01`, justificante: '1820000000099' },
    });
    expect(badDay.json<ApiErrorBody>().message).toBe(donationMessages.presentationDateInvalid);
  });

  it("4. /colabora never writes a known donor's NIF or postcode: staff see the difference and apply it with history", async () => {
    const marta = await insertPerson({ nombre: 'Marta', apellidos: 'Conocida', email: 'marta@example.org', direccion: 'Calle Mayor 1' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/colabora',
      remoteAddress: '198.51.100.77',
      payload: {
        tipo: 'socio',
        importe: '10,00',
        periodicidad: 'mensual',
        nombre: 'Marta',
        apellidos: 'Extraña',
        nif: '12345678Z',
        email: 'marta@example.org',
        telefono: '600 111 222',
        direccion: 'Otra calle 9',
        codigoPostal: '08001',
        iban: 'ES91 2100 0418 4502 0005 1332',
        consentimientoMandato: true,
        privacidad: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const feeId = res.json<ColaboraResult>().id;
    const [kept] = await t.database.db.select().from(person).where(eq(person.id, marta));
    expect(kept).toMatchObject({ nif: null, codigoPostal: null, direccion: 'Calle Mayor 1' });
    const fees = (await admin().inject({ method: 'GET', url: `/api/cuotas?personaId=${marta}` })).json<{ items: Fee[] }>();
    const pending = fees.items.find((f) => f.id === feeId)!;
    expect(pending.persona.id).toBe(marta);
    expect(pending.diferencias).toEqual([
      { campo: 'nif', enFicha: null, enviado: '12345678Z' },
      { campo: 'codigoPostal', enFicha: null, enviado: '08001' },
      { campo: 'direccion', enFicha: 'Calle Mayor 1', enviado: 'Otra calle 9' },
    ]);
    const applied = await admin().inject({ method: 'POST', url: `/api/cuotas/${feeId}/usar-datos`, payload: { campos: ['nif', 'codigoPostal'] } });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<Fee>().diferencias.map((d) => d.campo)).toEqual(['direccion']);
    const [after] = await t.database.db.select().from(person).where(eq(person.id, marta));
    expect(after).toMatchObject({ nif: '12345678Z', codigoPostal: '08001', direccion: 'Calle Mayor 1' });
    const events = await t.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'persona'), eq(historyEvent.entidadId, String(marta)), eq(historyEvent.accion, 'modificar')));
    const staff = events.find((e) => e.actorTipo === 'usuario');
    expect(staff!.cambios).toEqual({ nif: [null, '12345678Z'], codigoPostal: [null, '08001'] });
    const again = await admin().inject({ method: 'POST', url: `/api/cuotas/${feeId}/usar-datos`, payload: { campos: ['nif'] } });
    expect(again.statusCode).toBe(409);
  });
});
