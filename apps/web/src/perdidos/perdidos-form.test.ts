import { lostFoundMessages, reportFieldsSchema } from '@refugio/contracts';
import { describe, expect, it } from 'vitest';
import { type ReportValues, checkReport, emptyReport, reportFormData } from './perdidos-form';

const today = '2026-11-28';
const valid: ReportValues = {
  ...emptyReport(),
  tipo: 'perdido',
  especie: 'Perro',
  color: 'negro',
  municipio: 'Zaragoza',
  codigoPostal: '50001',
  fecha: '2026-11-27',
  descripcion: 'Con collar rojo.',
  contacto: '612 345 678',
  aceptaPrivacidad: true,
};

const asServer = (values: ReportValues) =>
  Object.fromEntries([...reportFormData(values, []).entries()].map(([k, v]) => [k, typeof v === 'string' ? v : v.name]));

describe('the lost-and-found report form checks', () => {
  it('accepts what the server accepts, and sends the fields it reads', () => {
    expect(checkReport(valid, [], today)).toEqual({});
    expect(reportFieldsSchema.safeParse(asServer(valid)).success).toBe(true);
  });

  it('refuses what the server refuses, with its words', () => {
    const cases: [Partial<ReportValues>, string, string][] = [
      [{ tipo: '' }, 'tipo', lostFoundMessages.kindInvalid],
      [{ codigoPostal: '500' }, 'codigoPostal', lostFoundMessages.postcodeInvalid],
      [{ codigoPostal: '00000' }, 'codigoPostal', lostFoundMessages.postcodeInvalid],
      [{ codigoPostal: '53000' }, 'codigoPostal', lostFoundMessages.postcodeInvalid],
      [{ microchip: '123' }, 'microchip', lostFoundMessages.microchipInvalid],
      [{ fecha: '2026-11-29' }, 'fecha', lostFoundMessages.dateInFuture],
      [{ contacto: ' ' }, 'contacto', lostFoundMessages.contactRequired],
      [{ aceptaPrivacidad: false }, 'aceptaPrivacidad', lostFoundMessages.privacyRequired],
    ];
    for (const [change, field, message] of cases) {
      const values = { ...valid, ...change };
      expect(checkReport(values, [], today)[field as 'tipo'], field).toBe(message);
      expect(reportFieldsSchema.safeParse(asServer(values)).success, field).toBe(field === 'fecha');
    }
    expect(checkReport(valid, [{ size: 1 }, { size: 1 }, { size: 1 }, { size: 1 }], today).fotos).toBe(lostFoundMessages.tooManyPhotos);
  });
});
