import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fee, FeesResponse, Gift } from '@refugio/contracts';
import { monthlyCentsOfYearly } from '@refugio/contracts';
import { person, pet } from '../../src/db/schema';
import { spreadsheetEuros } from '../../src/modules/donations/donations-export';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { sheetCells, unescapeXml, unzip } from '../helpers/xlsx-reader';

/*
 * The exports of the fees and gifts lists (DESIGN section 15): the lists' filters, Spanish headers, amounts exact as
 * a Spanish spreadsheet reads them, the IBAN masked; and the monthly equivalent the fees list adds up.
 */

const IBAN = 'ES91 2100 0418 4502 0005 1332';

describe('fees and gifts exports', () => {
  let t: TestApp;
  let ana: number;
  let berta: number;
  let canela: number;
  let annulled: Gift;
  const admin = () => t.as('admin');
  const csvLines = (bytes: Buffer) => bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');

  beforeAll(async () => {
    t = await createTestApp({ ORG_TIME_ZONE: 'Europe/Madrid' });
    const [a] = await t.database.db.insert(person).values({ nombre: 'Ana', apellidos: 'Prueba', roles: [] }).returning();
    const [b] = await t.database.db.insert(person).values({ nombre: '=Berta', apellidos: 'Prueba', roles: [] }).returning();
    const [c] = await t.database.db
      .insert(pet)
      .values({ nombre: 'Canela', edad: '2 años', tipo: 'Perro', genero: 'hembra', tamano: 'mediano', esterilizado: 'no' })
      .returning();
    ana = a!.id;
    berta = b!.id;
    canela = c!.id;
    const fee = async (personaId: number, body: Record<string, unknown>) => {
      const res = await admin().inject({ method: 'POST', url: `/api/personas/${personaId}/cuotas`, payload: body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<Fee>();
    };
    const base = { tipo: 'socio', periodicidad: 'mensual', desde: '2026-01-01', metodoPago: 'transferencia' };
    await fee(ana, {
      ...base,
      importe: '1.234,56',
      metodoPago: 'domiciliacion',
      iban: IBAN,
      mandato: { referencia: 'MANDATO-001', fechaFirma: '2026-01-01' },
    });
    await fee(ana, { ...base, tipo: 'padrino', mascotaId: canela, importe: '10', periodicidad: 'trimestral' });
    const left = await fee(berta, { ...base, importe: '0,05', periodicidad: 'anual' });
    const leave = await admin().inject({
      method: 'POST',
      url: `/api/cuotas/${left.id}/baja`,
      payload: { fecha: '2026-02-01', motivo: 'Se muda', version: left.version },
    });
    expect(leave.statusCode, leave.body).toBe(200);
    const gift = async (body: Record<string, unknown>) => {
      const res = await admin().inject({ method: 'POST', url: '/api/donativos', payload: body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<Gift>();
    };
    await gift({ personaId: ana, importe: '0,07', fecha: '2026-03-02', metodo: 'bizum', concepto: 'donativo', referencia: '+34 600' });
    await gift({ importe: 1000000, fecha: '2026-03-03', metodo: 'efectivo', concepto: 'evento' });
    annulled = await gift({ personaId: berta, importe: '5', fecha: '2026-01-15', metodo: 'transferencia', concepto: 'teaming' });
    const annul = await admin().inject({
      method: 'POST',
      url: `/api/donativos/${annulled.id}/anular`,
      payload: { motivo: 'Duplicado', version: annulled.version },
    });
    expect(annul.statusCode, annul.body).toBe(200);
  });
  afterAll(() => t.close());

  it('writes cents as a Spanish spreadsheet reads euros, exactly', () => {
    expect(spreadsheetEuros(123456)).toBe('1234,56');
    expect(spreadsheetEuros(5)).toBe('0,05');
    expect(spreadsheetEuros(100_000_000)).toBe('1000000,00');
    expect(spreadsheetEuros(29)).toBe('0,29');
  });

  it('exports the fees with the list filters: Spanish headers and labels, exact amounts, IBAN masked', async () => {
    const res = await admin().inject({ method: 'GET', url: `/api/cuotas.csv?personaId=${ana}` });
    expect(res.statusCode).toBe(200);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
    expect(res.headers['content-disposition']).toBe(`attachment; filename="cuotas-${day}.csv"`);
    const lines = csvLines(res.rawPayload);
    expect(lines[0]).toBe(
      '"Nº","Nº de persona","Persona","Tipo","Mascota","Importe (€)","Periodicidad","Desde","Hasta","Forma de pago","IBAN","Referencia del mandato","Firma del mandato","Estado","Motivo de la baja","Alta"',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(
      `"Ana Prueba","Socio","","1234,56","Mensual","2026-01-01","","Domiciliación bancaria","ES91 **** **** **** **** 1332","MANDATO-001"`,
    );
    expect(lines[2]).toContain(`"Padrino","Canela","10,00","Trimestral"`);
    expect(res.body).not.toContain('2100 0418');
    expect(res.body).not.toContain('21000418');

    const left = csvLines((await admin().inject({ method: 'GET', url: '/api/cuotas.csv?estado=baja' })).rawPayload);
    expect(left).toHaveLength(2);
    // A name that looks like a formula is neutralised in the CSV.
    expect(left[1]).toContain(`"'=Berta Prueba","Socio","","0,05","Anual","2026-01-01","2026-02-01","Transferencia","","","","De baja","Se muda"`);
    expect(csvLines((await admin().inject({ method: 'GET', url: `/api/cuotas.csv?mascotaId=${canela}` })).rawPayload)).toHaveLength(2);
    expect(csvLines((await admin().inject({ method: 'GET', url: '/api/cuotas.csv?tipo=padrino&estado=baja' })).rawPayload)).toHaveLength(1);
  });

  it('exports the fees as .xlsx, every cell text', async () => {
    const res = await admin().inject({ method: 'GET', url: `/api/cuotas.xlsx?personaId=${ana}&tipo=socio` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="cuotas-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const texts = new Map(sheetCells(unzip(res.rawPayload)).map((c) => [c.ref, unescapeXml(c.text)]));
    expect(texts.get('A1')).toBe('Nº');
    expect(texts.get('F2')).toBe('1234,56');
    expect(texts.get('K2')).toBe('ES91 **** **** **** **** 1332');
    expect(texts.get('A3')).toBeUndefined();
  });

  it('exports the gifts with the list filters, annulled ones marked, anonymous ones named so', async () => {
    const all = csvLines((await admin().inject({ method: 'GET', url: '/api/donativos.csv' })).rawPayload);
    expect(all[0]).toBe(
      '"Nº","Fecha","Nº de persona","Persona","Importe (€)","Forma de pago","Concepto","Nº de cuota","Mascota","Referencia","Estado","Motivo de la anulación","Devuelto el","Alta"',
    );
    expect(all).toHaveLength(4);
    expect(all[1]).toContain(`"2026-03-02","${ana}","Ana Prueba","0,07","Bizum","Donativo","","","'+34 600","Registrado"`);
    expect(all[2]).toContain(`"2026-03-03","","Anónimo","1000000,00","Efectivo","Evento"`);
    expect(all[3]).toContain(`"5,00","Transferencia","Teaming","","","","Anulado","Duplicado"`);

    const march = csvLines((await admin().inject({ method: 'GET', url: '/api/donativos.csv?desde=2026-03-01&hasta=2026-03-02' })).rawPayload);
    expect(march).toHaveLength(2);
    expect(csvLines((await admin().inject({ method: 'GET', url: `/api/donativos.csv?personaId=${berta}` })).rawPayload)).toHaveLength(2);
    expect(csvLines((await admin().inject({ method: 'GET', url: '/api/donativos.csv?concepto=evento' })).rawPayload)).toHaveLength(2);

    const xlsx = await admin().inject({ method: 'GET', url: '/api/donativos.xlsx?concepto=donativo' });
    expect(xlsx.statusCode).toBe(200);
    const texts = new Map(sheetCells(unzip(xlsx.rawPayload)).map((c) => [c.ref, unescapeXml(c.text)]));
    expect(texts.get('E2')).toBe('0,07');
    expect(texts.get('J2')).toBe('+34 600');
  });

  it('refuses bad filters in Spanish and is for administrators only', async () => {
    const range = await admin().inject({ method: 'GET', url: '/api/donativos.csv?desde=2026-03-02&hasta=2026-03-01' });
    expectErrorShape(range, 400);
    expect(range.body).toContain('«hasta»');
    expectErrorShape(await admin().inject({ method: 'GET', url: '/api/cuotas.xlsx?tipo=dragon' }), 400);
    for (const url of ['/api/cuotas.csv', '/api/cuotas.xlsx', '/api/donativos.csv', '/api/donativos.xlsx']) {
      expectErrorShape(await t.as('staff').inject({ method: 'GET', url }), 403);
      expectErrorShape(await t.as('anonymous').inject({ method: 'GET', url }), 401);
    }
  });

  it('adds up what the active fees bring a month, in exact cents, with the list filters', async () => {
    const list = async (query: string) => (await admin().inject({ method: 'GET', url: `/api/cuotas${query}` })).json<FeesResponse>();
    // 1234,56 a month + 10 a quarter (40 a year); the fee that left does not count.
    const yearly = 123456 * 12 + 1000 * 4;
    const all = await list('');
    expect(all.importeMensualCentimos).toBe(monthlyCentsOfYearly(yearly));
    expect(all.importeMensualCentimos).toBe(123789);
    expect(all.importeMensual).toBe(1237.89);
    expect((await list('?tipo=padrino')).importeMensualCentimos).toBe(333);
    expect((await list('?estado=baja')).importeMensualCentimos).toBe(0);
    expect(monthlyCentsOfYearly(6)).toBe(1);
    expect(monthlyCentsOfYearly(5)).toBe(0);
  });

  it('is declared in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
    for (const path of ['/api/cuotas.csv', '/api/cuotas.xlsx', '/api/donativos.csv', '/api/donativos.xlsx'])
      expect(doc.paths[path], path).toBeDefined();
  });
});
