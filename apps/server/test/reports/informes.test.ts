import type { Report, ReportList } from '@refugio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { sheetCells, unzip } from '../helpers/xlsx-reader';
import { YEAR, seedYear } from './reports-support';

/* The ready reports (DESIGN section 16): rows, totals and the monthly series of each, their ranges and who reads them. */

describe('GET /api/informes', () => {
  let t: TestApp;
  const year = `desde=${YEAR}-01-01&hasta=${YEAR}-12-31`;
  const report = async (clave: string, query = year, role: 'admin' | 'staff' = 'admin') => {
    const res = await t.as(role).inject({ method: 'GET', url: `/api/informes/${clave}?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Report>();
  };
  const total = (r: Report, clave: string) => r.totales.find((x) => x.clave === clave)?.valor;

  beforeAll(async () => {
    t = await createTestApp();
    await seedYear(t);
    // Seeding a year through the API takes a while on a loaded machine.
  }, 120_000);
  afterAll(() => t.close());

  it('lists the ready reports, the money one only to administrators', async () => {
    const admin = (await t.as('admin').inject({ method: 'GET', url: '/api/informes' })).json<ReportList>();
    expect(admin.items.map((i) => i.clave)).toEqual([
      'entradas-salidas',
      'tiempo-adopcion',
      'devoluciones',
      'esterilizaciones',
      'coste-veterinario',
      'donativos',
      'voluntariado',
    ]);
    expect(admin.items.every((i) => i.titulo !== '' && i.descripcion !== '')).toBe(true);
    const staff = (await t.as('staff').inject({ method: 'GET', url: '/api/informes' })).json<ReportList>();
    expect(staff.items.map((i) => i.clave)).not.toContain('donativos');
  });

  it('entradas-salidas: a row and a point per month, and the year totals', async () => {
    const r = await report('entradas-salidas');
    expect(r.filas).toHaveLength(12);
    expect(r.filas[1]).toEqual({ mes: `${YEAR}-02`, entradas: 2, adopciones: 1, traslados: 0, fallecimientos: 1, devoluciones: 0 });
    expect(r.filas[3]).toMatchObject({ mes: `${YEAR}-04`, devoluciones: 1 });
    expect(Object.fromEntries(r.totales.map((x) => [x.clave, x.valor]))).toEqual({
      entradas: 7,
      adopciones: 3,
      traslados: 1,
      fallecimientos: 2,
      devoluciones: 1,
    });
    expect(r.serie.eje).toBe('mes');
    expect(r.serie.puntos).toHaveLength(12);
    expect(r.serie.series.map((s) => s.clave)).toEqual(['entradas', 'adopciones']);
  });

  it('tiempo-adopcion, devoluciones, esterilizaciones and coste-veterinario count what was seeded', async () => {
    const days = await report('tiempo-adopcion');
    expect(days.filas.map((f) => f.dias)).toEqual([20, 50, 30]);
    expect(total(days, 'medianaDias')).toBe(30);
    expect(days.serie.puntos.find((p) => p.mes === `${YEAR}-03`)).toMatchObject({ medianaDias: 50, adopciones: 1 });

    const returns = await report('devoluciones');
    expect(returns.filas).toEqual([
      { fecha: `${YEAR}-04-01`, mascota: 'Luna', especie: 'Perro', adopcion: `${YEAR}-03-01`, dias: 31, motivo: 'Alergias en la familia' },
    ]);

    const sterilised = await report('esterilizaciones');
    expect(sterilised.filas.map((f) => f.mascota)).toEqual(['Max', 'Luna']);
    expect(total(sterilised, 'esterilizaciones')).toBe(2);

    const costs = await report('coste-veterinario');
    expect(costs.filas.map((f) => [f.mascota, f.coste])).toEqual([
      ['Luna', 12_000],
      ['Misu', 3_550],
    ]);
    expect(total(costs, 'coste')).toBe(15_550);
    // A shorter range: only June.
    expect(total(await report('coste-veterinario', `desde=${YEAR}-06-01&hasta=${YEAR}-06-30`), 'coste')).toBe(3_550);
  });

  it('donativos: registered money by concept, for administrators only (403 to the team)', async () => {
    const r = await report('donativos');
    expect(r.filas).toContainEqual({ concepto: 'Donativo', numero: 1, importe: 10_000 });
    expect(r.filas).toContainEqual({ concepto: 'Evento', numero: 1, importe: 2_550 });
    expect(total(r, 'importe')).toBe(12_550);
    const staff = await t.as('staff').inject({ method: 'GET', url: `/api/informes/donativos?${year}` });
    expectErrorShape(staff, 403, 'FORBIDDEN');
  });

  it('voluntariado: each person who came, their shifts and hours, by month of the shift in local time', async () => {
    const r = await report('voluntariado', year, 'staff');
    expect(r.filas).toEqual([
      { persona: 'Berta', turnos: 2, horas: 5 },
      { persona: 'Ana', turnos: 1, horas: 1.5 },
    ]);
    expect(total(r, 'personas')).toBe(2);
    expect(total(r, 'horas')).toBe(6.5);
    expect(r.serie.puntos.find((p) => p.mes === `${YEAR}-01`)).toMatchObject({ horas: 2 });
    expect(r.serie.puntos.find((p) => p.mes === `${YEAR}-03`)).toMatchObject({ horas: 4.5 });
    expect(r.serie.puntos.find((p) => p.mes === `${YEAR}-06`)).toMatchObject({ horas: 0 });
  });

  it('refuses a bad range in Spanish (400) and an unknown report (404)', async () => {
    const bad = async (query: string, field: string, text: string) => {
      const res = await t.as('staff').inject({ method: 'GET', url: `/api/informes/entradas-salidas?${query}` });
      expectErrorShape(res, 400, 'VALIDATION_ERROR');
      expect(res.json<{ fieldErrors: Record<string, string> }>().fieldErrors[field], query).toContain(text);
    };
    await bad(`desde=${YEAR}-05-01&hasta=${YEAR}-04-30`, 'hasta', 'no puede ser posterior');
    await bad(`desde=${YEAR}-02-30&hasta=${YEAR}-04-30`, 'desde', 'fecha válida');
    await bad(`desde=ayer&hasta=${YEAR}-04-30`, 'desde', 'fecha válida');
    await bad(`hasta=${YEAR}-04-30`, 'desde', 'fecha válida');
    await bad('desde=2010-01-01&hasta=2020-01-01', 'hasta', '10 años');
    await bad(`${year}&formato=pdf`, 'formato', 'json o xlsx');
    const ten = await t.as('staff').inject({ method: 'GET', url: '/api/informes/entradas-salidas?desde=2010-01-01&hasta=2019-12-31' });
    expect(ten.statusCode).toBe(200);
    expectErrorShape(await t.as('staff').inject({ method: 'GET', url: `/api/informes/no-existe?${year}` }), 404, 'NOT_FOUND');
    expectErrorShape(await t.as('anonymous').inject({ method: 'GET', url: `/api/informes/devoluciones?${year}` }), 401);
  });

  it('downloads a report as a workbook: headers, rows, money in euros and the totals', async () => {
    const res = await t.as('staff').inject({ method: 'GET', url: `/api/informes/coste-veterinario?${year}&formato=xlsx` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="informe-coste-veterinario-${YEAR}-01-01-${YEAR}-12-31.xlsx"`);
    const cells = sheetCells(unzip(res.rawPayload));
    const texts = cells.map((c) => c.text);
    expect(texts).toContain('Coste veterinario');
    expect(texts).toContain('Veterinario');
    expect(texts).toContain('05/05/2025');
    expect(texts).toContain('Clínica Sur');
    expect(cells.find((c) => c.text === '35.5')).toMatchObject({ type: 'n' });
    expect(texts).toContain('155.5');
  });
});
