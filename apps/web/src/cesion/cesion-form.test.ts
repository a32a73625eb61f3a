import { surrenderFieldsSchema, surrenderMessages } from '@refugio/contracts';
import { describe, expect, it } from 'vitest';
import { type CesionValues, cesionFormData, checkCesion, emptyCesion } from './cesion-form';

const valid: CesionValues = {
  ...emptyCesion(),
  nombre: 'Marta',
  documento: '12345678z',
  email: 'marta@example.org',
  nombreAnimal: 'Toby',
  especie: 'Perro',
  sexo: 'macho',
  edad: '3 años',
  motivo: 'Mudanza',
  urgencia: 'alta',
  aceptaPrivacidad: true,
};

const asServer = (values: CesionValues) =>
  Object.fromEntries([...cesionFormData(values, []).entries()].map(([k, v]) => [k, typeof v === 'string' ? v : v.name]));

describe('the surrender form checks', () => {
  it('accepts what the server accepts, and sends the fields it reads', () => {
    expect(checkCesion(valid, [])).toEqual({});
    expect(surrenderFieldsSchema.safeParse(asServer(valid)).success).toBe(true);
  });

  it('refuses what the server refuses, with its words', () => {
    const cases: [Partial<CesionValues>, string, string][] = [
      [{ nombre: '' }, 'nombre', surrenderMessages.nameRequired],
      [{ documento: '' }, 'documento', surrenderMessages.documentRequired],
      [{ documento: '12345678A' }, 'documento', 'El NIF no es válido: revisa la letra de control.'],
      [{ documento: 'B12345674' }, 'documento', surrenderMessages.documentFormat],
      [{ email: '', telefono: '' }, 'email', surrenderMessages.contactRequired],
      [{ email: 'no-es-correo' }, 'email', surrenderMessages.emailInvalid],
      [{ microchip: '123' }, 'microchip', surrenderMessages.microchipInvalid],
      [{ motivo: ' ' }, 'motivo', surrenderMessages.reasonRequired],
      [{ urgencia: '' }, 'urgencia', surrenderMessages.urgencyInvalid],
      [{ aceptaPrivacidad: false }, 'aceptaPrivacidad', surrenderMessages.privacyRequired],
    ];
    for (const [change, field, message] of cases) {
      const values = { ...valid, ...change };
      expect(checkCesion(values, [])[field as keyof ReturnType<typeof checkCesion>], field).toBe(message);
      expect(surrenderFieldsSchema.safeParse(asServer(values)).success, field).toBe(false);
    }
  });

  it('refuses hostile text and too many or too big photos', () => {
    expect(checkCesion({ ...valid, nombreAnimal: 'To\u202Eby' }, []).nombreAnimal).toBeTruthy();
    expect(
      checkCesion(
        valid,
        Array.from({ length: 6 }, () => ({ size: 10 })),
      ).fotos,
    ).toBe(surrenderMessages.tooManyPhotos);
    expect(checkCesion(valid, [{ size: 3 * 1024 * 1024 }]).fotos).toBe(surrenderMessages.photoTooBig);
  });
});
