import type { Memoria } from '@refugio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flat, pdfPages } from '../helpers/documents-support';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { sheetCells, unzip } from '../helpers/xlsx-reader';
import { YEAR, saveOrganization, seedYear } from './reports-support';

/*
 * The annual report (DESIGN section 16): each figure counted from a year made through the API, the PDF and the
 * workbook read back, the year refused in Spanish, and the money only for administrators.
 */

describe('GET /api/memoria', () => {
  let t: TestApp;
  const memoria = (anio: number | string, role: 'admin' | 'staff' = 'admin', formato = 'json') =>
    t.as(role).inject({ method: 'GET', url: `/api/memoria?anio=${anio}&formato=${formato}` });

  beforeAll(async () => {
    t = await createTestApp();
    await saveOrganization(t);
    await seedYear(t);
    // Seeding a year through the API takes a while on a loaded machine.
  }, 120_000);
  afterAll(() => t.close());

  it('counts entries by origin and species, exits by destination, returns, deaths, sterilisations, foster homes and days to adoption', async () => {
    const res = await memoria(YEAR);
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json<Memoria>();
    expect(m.organizacion).toEqual({ nombre: 'Refugio Patitas', nif: 'G28015865', nucleoZoologico: 'ES280790000123', registroEntidades: 'REA-4567' });
    expect(m.entradas.total).toBe(7);
    const origin = Object.fromEntries(m.entradas.porProcedencia.map((p) => [p.procedencia, p.total]));
    expect(origin).toEqual({ abandono: 3, cesion: 1, rescate: 2, extraviado: 0, nacimiento: 0, traslado: 0, decomiso: 0, otra: 0, sin_indicar: 1 });
    expect(m.entradas.porEspecie).toEqual([
      { especie: 'Perro', total: 3 },
      { especie: 'Gato', total: 3 },
      { especie: 'Conejo', total: 1 },
    ]);
    expect(m.entradas.detalle).toContainEqual({ procedencia: 'abandono', especie: 'Gato', total: 1 });
    expect(m.entradas.detalle).toContainEqual({ procedencia: 'abandono', especie: 'Perro', total: 2 });
    expect(m.salidas.porDestino).toEqual([
      { destino: 'adopcion', total: 3 },
      { destino: 'traslado', total: 1 },
      { destino: 'fallecimiento', total: 2 },
    ]);
    expect(m.salidas.total).toBe(6);
    // Luna's adoption came back; Viejo's foster placement ending is not a return.
    expect(m.devoluciones).toEqual({ total: 1, porEspecie: [{ especie: 'Perro', total: 1 }] });
    // The same cause written with different spaces counts once.
    expect(m.fallecimientos).toEqual({ total: 2, porCausa: [{ causa: 'Insuficiencia renal', total: 2 }] });
    // Max (its own date) and Luna (a care record, once though the pet's date follows it); Toby's and Misu's the year before.
    expect(m.esterilizaciones).toEqual({ total: 2, porEspecie: [{ especie: 'Perro', total: 2 }] });
    expect(m.acogidas31Diciembre).toEqual({ mascotas: 1, hogares: 1, porEspecie: [{ especie: 'Gato', total: 1 }] });
    // 50, 20 and 30 days.
    expect(m.tiempoAdopcion).toEqual({ medianaDias: 30, adopciones: 3 });
    // Berta (2 + 3 h, one shift at 00:30 on 1 January local time) and Ana (1,5 h); the year before's and a no-show out.
    expect(m.voluntariado).toEqual({ disponible: true, personas: 2, horas: 6.5, nota: null });
    // Registered gifts of the year only, in cents: the annulled one and next year's left out.
    expect(m.ingresos!.total).toBe(12_550);
    expect(m.ingresos!.porConcepto).toContainEqual({ concepto: 'donativo', importeCentimos: 10_000, numero: 1 });
    expect(m.ingresos!.porConcepto).toContainEqual({ concepto: 'evento', importeCentimos: 2_550, numero: 1 });
    expect(m.ingresos!.porConcepto).toContainEqual({ concepto: 'teaming', importeCentimos: 0, numero: 0 });
  });

  it('shows the team everything but the money', async () => {
    const res = await memoria(YEAR, 'staff');
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json<Memoria>();
    expect(m.ingresos).toBeNull();
    expect(m.entradas.total).toBe(7);
    const pdf = flat((await pdfPages((await memoria(YEAR, 'staff', 'pdf')).rawPayload)).join(' '));
    expect(pdf).not.toContain('Ingresos por concepto');
    expect(pdf).not.toContain('100,00');
    const xlsx = sheetCells(unzip((await memoria(YEAR, 'staff', 'xlsx')).rawPayload)).map((c) => c.text);
    expect(xlsx).not.toContain('Ingresos por concepto');
  });

  it('gives zeros for a year without data', async () => {
    const m = (await memoria(2010)).json<Memoria>();
    expect(m.entradas.total).toBe(0);
    expect(m.salidas.porDestino.every((d) => d.total === 0)).toBe(true);
    expect(m.tiempoAdopcion).toEqual({ medianaDias: null, adopciones: 0 });
    expect(m.acogidas31Diciembre.mascotas).toBe(0);
    expect(m.ingresos!.total).toBe(0);
  });

  it('refuses a missing or invalid year and an unknown format in Spanish (400)', async () => {
    for (const anio of ['20261', '', 'abc', '1999', '2025.5']) {
      const res = await memoria(anio);
      expectErrorShape(res, 400, 'VALIDATION_ERROR');
      expect(res.json<{ fieldErrors: Record<string, string> }>().fieldErrors.anio).toContain('Indica un año válido');
    }
    const missing = await t.as('admin').inject({ method: 'GET', url: '/api/memoria' });
    expectErrorShape(missing, 400, 'VALIDATION_ERROR');
    const format = await memoria(YEAR, 'admin', 'docx');
    expectErrorShape(format, 400, 'VALIDATION_ERROR');
    expect(format.json<{ fieldErrors: Record<string, string> }>().fieldErrors.formato).toContain('json, pdf o xlsx');
    expectErrorShape(await t.as('anonymous').inject({ method: 'GET', url: `/api/memoria?anio=${YEAR}` }), 401);
  });

  it('prints the PDF with the organisation and its registry numbers in the header and every section', async () => {
    const res = await memoria(YEAR, 'admin', 'pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="memoria-${YEAR}.pdf"`);
    const text = flat((await pdfPages(res.rawPayload)).join(' '));
    expect(text).toContain('Refugio Patitas');
    expect(text).toContain('Nº de núcleo zoológico: ES280790000123');
    expect(text).toContain('Nº de registro de entidades: REA-4567');
    expect(text).toContain(`MEMORIA ANUAL ${YEAR}`);
    expect(text).toContain('Total de entradas 7');
    expect(text).toContain('Abandono 3');
    expect(text).toContain('Adopción 3');
    expect(text).toContain('Insuficiencia renal 2');
    expect(text).toContain('Mascotas en acogida 1');
    expect(text).toContain('Mediana de días desde el ingreso 30');
    expect(text).toContain('Total de esterilizaciones 2');
    expect(text).toContain('Total de ingresos 125,50 €');
    expect(text).toContain('Personas voluntarias 2');
    expect(text).toContain('Horas de voluntariado 6,5');
  });

  it('writes the workbook with numbers as numbers and money in euros', async () => {
    const res = await memoria(YEAR, 'admin', 'xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="memoria-${YEAR}.xlsx"`);
    const cells = sheetCells(unzip(res.rawPayload));
    const after = (label: string) => {
      const at = cells.findIndex((c) => c.text === label);
      return cells[at + 1];
    };
    expect(cells.map((c) => c.text)).toContain(`Memoria anual ${YEAR}`);
    expect(after('Nº de núcleo zoológico')?.text).toBe('ES280790000123');
    expect(after('Abandono')).toMatchObject({ type: 'n', text: '3' });
    expect(after('Mediana de días')).toMatchObject({ type: 'n', text: '30' });
    const total = cells.filter((c) => c.text === 'Total');
    expect(total.length).toBeGreaterThan(3);
    expect(cells.map((c) => c.text)).toContain('125.5');
  });
});
