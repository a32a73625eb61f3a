import { describe, expect, it } from 'vitest';
import { type ApplicationFormValues, emptyApplication, toApplicationInput, validateApplication } from './application-form';

const filled: ApplicationFormValues = {
  ...emptyApplication,
  nombre: 'Ana Pérez',
  email: 'ana@example.com',
  telefono: '55 1234 5678',
  edad: '30',
  ciudad: 'Puebla',
  direccion: 'Calle 1',
  vivienda: 'casa',
  viviendaPropia: 'si',
  patio: 'no',
  personasEnCasa: '2',
  ninosEnCasa: '0',
  horasSolo: '3',
  motivo: 'Compañía',
  aceptaVisita: true,
  aceptaPrivacidad: true,
};

describe('application form', () => {
  it('turns the text of the form into the JSON the server expects', () => {
    expect(toApplicationInput(4, filled)).toMatchObject({
      mascotaId: 4,
      edad: 30,
      viviendaPropia: true,
      patio: false,
      personasEnCasa: 2,
      horasSolo: 3,
    });
    expect(validateApplication(toApplicationInput(4, filled))).toEqual({});
  });

  it('reports each broken rule under its field, in Spanish', () => {
    const errors = validateApplication(
      toApplicationInput(4, { ...filled, edad: '16', viviendaPropia: 'no', horasSolo: '30', aceptaPrivacidad: false, nombre: '' }),
    );
    expect(errors.edad).toMatch(/mayor de edad/);
    expect(errors.permiteMascotas).toMatch(/propietario/);
    expect(errors.horasSolo).toMatch(/de 0 a 24/);
    expect(errors.aceptaPrivacidad).toMatch(/privacidad/);
    expect(errors.nombre).toMatch(/nombre/);
  });

  it('sends the honeypot only when something filled it', () => {
    expect(toApplicationInput(1, filled)).not.toHaveProperty('sitioWeb');
    expect(toApplicationInput(1, { ...filled, sitioWeb: 'x' })).toHaveProperty('sitioWeb', 'x');
  });
});
