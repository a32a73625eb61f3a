import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Modelo182Review, type OrganizationSettings, dayInZone } from '@refugio/contracts';
import { gift, person } from '../../src/db/schema';
import { DECLARADO_FIELDS, DECLARANTE_FIELDS } from '../../src/modules/donations/modelo-182';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';

/*
 * The modelo 182 through the API (DESIGN section 15): the review of a year (who is declared, who is left out and
 * why, each total in integer cents from the registered gifts only) and the AEAT's file built from it, for
 * administrators only.
 */

const YEAR = 2025;

describe('modelo 182 API', () => {
  let t: TestApp;
  const admin = () => t.as('admin');
  const ids: Record<string, number> = {};

  const insertPerson = async (key: string, values: Partial<typeof person.$inferInsert>) => {
    const [row] = await t.database.db
      .insert(person)
      .values({ nombre: key, apellidos: '', roles: ['donante'], ...values })
      .returning();
    ids[key] = row!.id;
    return row!.id;
  };
  const insertGift = async (personaId: number | null, importeCentimos: number, fecha: string, estado = 'registrado') => {
    await t.database.db.insert(gift).values({
      personaId,
      importeCentimos,
      fecha,
      metodo: 'transferencia',
      concepto: 'donativo',
      estado,
      anuladoMotivo: estado === 'anulado' ? 'Error' : '',
    });
  };
  const review = (anio: number | string = YEAR) => admin().inject({ method: 'GET', url: `/api/fiscal/modelo-182/revision?anio=${anio}` });
  const file = (anio: number | string = YEAR) => admin().inject({ method: 'GET', url: `/api/fiscal/modelo-182?anio=${anio}` });
  const field = (record: string, f: { from: number; to: number }) => record.slice(f.from - 1, f.to);

  beforeAll(async () => {
    t = await createTestApp();
    // Two valid donors: a natural person who gave the two previous years without lowering (recurrence 1), and a company.
    const maria = await insertPerson('María', { apellidos: 'García López', nif: '12345678Z', codigoPostal: '28013' });
    await insertGift(maria, 10_000, `${YEAR - 2}-03-01`);
    await insertGift(maria, 10_000, `${YEAR - 1}-03-01`);
    await insertGift(maria, 6_000, `${YEAR}-01-15`);
    await insertGift(maria, 6_050, `${YEAR}-12-31`);
    await insertGift(maria, 99_999, `${YEAR}-06-01`, 'anulado');
    await insertGift(maria, 5_000, `${YEAR}-07-01`, 'devuelto');
    await insertGift(maria, 7_000, `${YEAR + 1}-01-01`);
    const empresa = await insertPerson('Piensos del Norte', { apellidos: 'S.L.', nif: 'B12345674', codigoPostal: '48001' });
    await insertGift(empresa, 25_000, `${YEAR}-05-05`);
    await insertGift(empresa, 1_000, `${YEAR - 1}-05-05`, 'anulado');
    // Three donors left out, one for each reason.
    await insertGift(await insertPerson('Sin NIF', { codigoPostal: '08001' }), 2_000, `${YEAR}-02-02`);
    await insertGift(await insertPerson('Sin CP', { nif: '87654321X' }), 3_000, `${YEAR}-03-03`);
    await insertGift(await insertPerson('Anónima', { nif: '11111111H', codigoPostal: '41001', anonimizadaEn: new Date() }), 4_000, `${YEAR}-04-04`);
    // Not listed: an anonymous gift, and a donor of another year only.
    await insertGift(null, 50_000, `${YEAR}-08-08`);
    await insertGift(await insertPerson('Otro año', { nif: '00000000T', codigoPostal: '46001' }), 8_000, `${YEAR - 1}-08-08`);
  });
  afterAll(() => t.close());

  it('refuses the file while the organisation has no NIF (409, in Spanish)', async () => {
    const res = await file();
    expect(res.statusCode, res.body).toBe(409);
    expectErrorShape(res, 409, 'CONFLICT');
    expect(res.json<{ message: string }>().message).toBe('Falta el NIF de la entidad en Configuración.');
  });

  it('reviews the year: registered gifts only, anonymous ones not declared, each left-out donor with its reason', async () => {
    const res = await review();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Modelo182Review>();
    expect(body.anio).toBe(YEAR);
    expect(body.incluidos).toEqual([
      {
        persona: { id: ids['María'], nombre: 'María García López' },
        nif: '12345678Z',
        naturaleza: 'F',
        provincia: '28',
        pais: null,
        importe: 120.5,
        importeCentimos: 12_050,
        recurrencia: 1,
      },
      {
        persona: { id: ids['Piensos del Norte'], nombre: 'Piensos del Norte S.L.' },
        nif: 'B12345674',
        naturaleza: 'J',
        provincia: '48',
        pais: null,
        importe: 250,
        importeCentimos: 25_000,
        recurrencia: 2,
      },
    ]);
    const reasons = Object.fromEntries(body.excluidos.map((e) => [e.persona.id, [e.motivo, e.importeCentimos]]));
    expect(reasons).toEqual({
      [ids['Sin NIF']!]: ['sin_nif', 2_000],
      [ids['Sin CP']!]: ['sin_codigo_postal', 3_000],
      [ids['Anónima']!]: ['anonimizada', 4_000],
    });
    expect(body.totalCentimos).toBe(37_050);
  });

  it('refuses the file while the organisation has no contact telephone (409, in Spanish, before writing anything)', async () => {
    const saved = await admin().inject({
      method: 'PUT',
      url: '/api/organizacion',
      payload: {
        nombre: 'Refugio Patitas',
        email: null,
        telefono: null,
        direccion: null,
        web: null,
        zonaHoraria: 'Europe/Madrid',
        nif: 'G28015865',
        ley49: true,
        version: (await admin().inject({ method: 'GET', url: '/api/organizacion' })).json<OrganizationSettings>().version,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await file();
    expectErrorShape(res, 409, 'CONFLICT');
    expect(res.json<{ message: string }>().message).toMatch(/^Falta el teléfono de la entidad en Configuración/);
  });

  it('writes the file from the review: type-2 records and their total match it, names as the AEAT asks', async () => {
    const saved = await admin().inject({
      method: 'PUT',
      url: '/api/organizacion',
      payload: {
        nombre: 'Refugio Patitas',
        email: null,
        telefono: '600 12 34 56',
        direccion: null,
        web: null,
        zonaHoraria: 'Europe/Madrid',
        nif: 'G28015865',
        ley49: true,
        version: (await admin().inject({ method: 'GET', url: '/api/organizacion' })).json<OrganizationSettings>().version,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [rev, res] = [(await review()).json<Modelo182Review>(), await file()];
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=iso-8859-1');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="modelo182_${YEAR}.txt"`);
    const records = res.rawPayload.toString('latin1').split('\r\n');
    expect(records.pop()).toBe('');
    for (const r of records) expect(r).toHaveLength(250);
    const [head, ...declared] = records as [string, ...string[]];
    expect(field(head, DECLARANTE_FIELDS.nifDeclarante)).toBe('G28015865');
    expect(field(head, DECLARANTE_FIELDS.telefonoContacto)).toBe('600123456');
    expect(Number(field(head, DECLARANTE_FIELDS.numeroRegistros))).toBe(rev.incluidos.length);
    expect(Number(field(head, DECLARANTE_FIELDS.importeTotal))).toBe(rev.totalCentimos);
    expect(declared).toHaveLength(2);
    const [maria, empresa] = declared as [string, string];
    expect(field(maria, DECLARADO_FIELDS.nombre).trim()).toBe('GARCIA LOPEZ MARIA');
    expect(field(maria, DECLARADO_FIELDS.nifDeclarado)).toBe('12345678Z');
    expect(field(maria, DECLARADO_FIELDS.provincia)).toBe('28');
    expect(Number(field(maria, DECLARADO_FIELDS.importe))).toBe(12_050);
    expect(field(maria, DECLARADO_FIELDS.naturalezaDeclarado)).toBe('F');
    expect(field(maria, DECLARADO_FIELDS.recurrencia)).toBe('1');
    expect(field(empresa, DECLARADO_FIELDS.nombre).trim()).toBe('PIENSOS DEL NORTE S.L.');
    expect(field(empresa, DECLARADO_FIELDS.naturalezaDeclarado)).toBe('J');
    expect(field(empresa, DECLARADO_FIELDS.recurrencia)).toBe('2');
    expect(declared.reduce((sum, r) => sum + Number(field(r, DECLARADO_FIELDS.importe)), 0)).toBe(rev.totalCentimos);
  });

  it('refuses a year before 2000 or after the current one (400)', async () => {
    const next = Number(dayInZone(new Date(), 'Europe/Madrid').slice(0, 4)) + 1;
    for (const anio of ['1999', String(next), 'dos mil', '2025.5']) {
      for (const res of [await review(anio), await file(anio)]) {
        expect(res.statusCode, `${anio}: ${res.body}`).toBe(400);
        expectErrorShape(res, 400, 'VALIDATION_ERROR');
      }
    }
  });

  it('is for administrators only: staff get 403', async () => {
    for (const url of [`/api/fiscal/modelo-182/revision?anio=${YEAR}`, `/api/fiscal/modelo-182?anio=${YEAR}`]) {
      const res = await t.as('staff').inject({ method: 'GET', url });
      expect(res.statusCode).toBe(403);
    }
  });
});
