import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { historyEvent } from '../../src/db/schema';
import { flat, pdfPages } from '../helpers/documents-support';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { YEAR, insertDonor, insertGift, saveOrganization } from './certificates-support';

/*
 * The donor's certificate of a year as a PDF (DESIGN section 15; RD 1270/2003 art. 6): what it says, read back
 * with pdf.js, and every reason it is refused, in Spanish.
 */

describe('donation certificate PDF', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const certificate = (personaId: number, anio: number | string = YEAR, role: 'admin' | 'staff' = 'admin') =>
    t.as(role).inject({ method: 'GET', url: `/api/personas/${personaId}/certificado-donaciones?anio=${anio}` });

  beforeAll(async () => {
    t = await createTestApp();
    ids.maria = await insertDonor(t, {
      nombre: 'María',
      apellidos: 'García López',
      nif: '12345678Z',
      direccion: 'Calle del Olmo 3',
      ciudad: 'Getafe',
      codigoPostal: '28901',
    });
    await insertGift(t, ids.maria, 6_000, `${YEAR}-01-15`);
    await insertGift(t, ids.maria, 123_456, `${YEAR}-06-30`);
    await insertGift(t, ids.maria, 5, `${YEAR}-12-31`);
    await insertGift(t, ids.maria, 99_999, `${YEAR}-03-01`, 'anulado');
    await insertGift(t, ids.maria, 77_700, `${YEAR}-07-01`, 'devuelto');
    await insertGift(t, ids.maria, 4_400, `${YEAR - 1}-12-31`);
    await insertGift(t, ids.maria, 3_300, `${YEAR + 1}-01-01`);
    ids.sinNif = await insertDonor(t, { nombre: 'Sin', apellidos: 'NIF' });
    await insertGift(t, ids.sinNif, 1_000, `${YEAR}-02-02`);
    ids.nifMalo = await insertDonor(t, { nombre: 'NIF', apellidos: 'Malo', nif: '12345678A' });
    await insertGift(t, ids.nifMalo, 1_000, `${YEAR}-02-02`);
    ids.anulado = await insertDonor(t, { nombre: 'Solo', apellidos: 'Anulado', nif: '87654321X' });
    await insertGift(t, ids.anulado, 1_000, `${YEAR}-02-02`, 'anulado');
  });
  afterAll(() => t.close());

  it('is refused while the organisation is not under Ley 49/2002 (409, in Spanish)', async () => {
    const res = await certificate(ids.maria!);
    expectErrorShape(res, 409, 'CONFLICT');
    expect(res.json<{ message: string }>().message).toContain('Ley 49/2002');
  });

  it('says what RD 1270/2003 art. 6 asks: entity, donor, each gift, total, irrevocable, place and date', async () => {
    await saveOrganization(t, true);
    const res = await certificate(ids.maria!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="certificado-donaciones-${YEAR}-Maria-Garcia-Lopez.pdf"`);
    const text = flat((await pdfPages(res.rawPayload)).join(' '));
    // The entity: its NIF, name, address, its registry number and that it is an entity of Ley 49/2002.
    expect(text).toContain('Refugio Patitas, con NIF G28015865 y domicilio en Calle Mayor 1, 28013 Madrid');
    expect(text).toContain('inscrita en el registro de entidades con el número 1234');
    expect(text).toContain('Ley 49/2002');
    expect(text).toContain('artículo 16');
    // The donor.
    expect(text).toContain('María García López, con NIF 12345678Z');
    expect(text).toContain('Calle del Olmo 3, 28901 Getafe');
    expect(text).toContain(`durante el año ${YEAR}`);
    // Each registered gift of the year with its date, Spanish formats; annulled, returned and other years' left out.
    expect(text).toContain(`15/01/${YEAR} 60,00 €`);
    expect(text).toContain(`30/06/${YEAR} 1.234,56 €`);
    expect(text).toContain(`31/12/${YEAR} 0,05 €`);
    expect(text).not.toContain('999,99');
    expect(text).not.toContain('777,00');
    expect(text).not.toContain('44,00');
    expect(text).not.toContain('33,00');
    expect(text).toContain('Total 1.294,61 €');
    expect(text).toContain('carácter irrevocable');
    expect(text).toMatch(/se expide el presente certificado en Madrid, a \d{2}\/\d{2}\/\d{4}\./);
  });

  it('refuses a donor without a valid NIF (409), without registered gifts that year (404), or unknown (404)', async () => {
    for (const id of [ids.sinNif!, ids.nifMalo!]) {
      const res = await certificate(id);
      expectErrorShape(res, 409, 'CONFLICT');
      expect(res.json<{ message: string }>().message).toBe(
        'Esta persona no tiene un NIF válido: el certificado de donaciones lo necesita. Añádelo en su ficha.',
      );
    }
    const onlyAnnulled = await certificate(ids.anulado!);
    expectErrorShape(onlyAnnulled, 404, 'NOT_FOUND');
    expect(onlyAnnulled.json<{ message: string }>().message).toBe(
      `Esta persona no tiene donativos registrados en ${YEAR} (sin contar los anulados ni los devueltos).`,
    );
    expectErrorShape(await certificate(ids.maria!, YEAR - 5), 404, 'NOT_FOUND');
    expectErrorShape(await certificate(999_999), 404, 'NOT_FOUND');
  });

  it('answers 400 for a year that is not one, and 403 to staff who are not administrators; nothing is written', async () => {
    const before = (await t.database.db.select().from(historyEvent).where(eq(historyEvent.entidad, 'certificado_donaciones'))).length;
    for (const anio of ['1999', 'dos mil', '3000']) {
      const res = await certificate(ids.maria!, anio);
      expectErrorShape(res, 400);
      expect(res.json<{ fieldErrors: Record<string, string> }>().fieldErrors.anio).toBe('Elige un año entre 2000 y el actual.');
    }
    expectErrorShape(await certificate(ids.maria!, YEAR, 'staff'), 403);
    const after = await t.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'certificado_donaciones')));
    expect(after).toHaveLength(before);
  });
});
