import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAdoptionApplication } from './adoption-application-check';
import { adoptionApplicationInputSchema, adoptionMessages } from './adoption-requests';
import { textMessages } from './text';

/** What the server answers in `fieldErrors` for a body: the first message of each field (the honeypot left out). */
function serverFieldErrors(input: unknown): Record<string, string> {
  const result = adoptionApplicationInputSchema.safeParse(input);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field !== 'mascotaId' && field !== 'sitioWeb') errors[field] ??= issue.message;
  }
  return errors;
}

const valid = {
  mascotaId: 4,
  nombre: 'Ana Pérez',
  email: 'ana@example.com',
  telefono: '55 1234 5678',
  edad: 30,
  ciudad: 'Puebla',
  direccion: 'Calle 1',
  vivienda: 'casa',
  viviendaPropia: true,
  patio: false,
  personasEnCasa: 2,
  ninosEnCasa: 0,
  horasSolo: 3,
  otrasMascotas: '',
  experiencia: '',
  motivo: 'Compañía',
  aceptaVisita: true,
  aceptaPrivacidad: true,
};

/** One field changed, or several: each case is checked by both sides. */
const cases: [string, Record<string, unknown>][] = [
  ['valid', {}],
  ['valid, rented with the landlord allowing pets', { viviendaPropia: false, permiteMascotas: true }],
  ['valid, with texts at their limits', { nombre: 'a'.repeat(100), otrasMascotas: 'x'.repeat(2000), edad: 120 }],
  ['everything missing', Object.fromEntries(Object.keys(valid).map((k) => [k, undefined]))],
  ['empty texts', { nombre: '', email: '', telefono: '', ciudad: '  ', direccion: '', motivo: ' ' }],
  [
    'too long',
    { nombre: 'a'.repeat(101), ciudad: 'b'.repeat(101), direccion: 'c'.repeat(201), motivo: 'd'.repeat(2001), experiencia: 'e'.repeat(2001) },
  ],
  ['HTML', { nombre: '<b>Ana</b>', ciudad: '</script>', direccion: '<!-- x', motivo: '<img src=x>', otrasMascotas: '< a' }],
  ['formula starts', { nombre: '=1+1', ciudad: '+34', direccion: '-x', motivo: '@cmd' }],
  ['control characters', { nombre: 'An\u0000a', email: 'a\u0001@b.com', telefono: '55\u0007 1234 5678', motivo: 'x\uD800', experiencia: '\u001F' }],
  [
    'bidi overrides and invisible characters',
    { nombre: 'Ana \u202Eonu', ciudad: 'Sevilla\u200B', direccion: '\uFEFFCalle', motivo: 'x\u2066y\u2069' },
  ],
  ['line breaks in one-line texts', { nombre: 'Ana\nLópez', ciudad: 'Sevilla\t', direccion: 'Calle\r\nMayor', email: 'ana@example.com\n' }],
  [
    'line breaks in multi-line texts',
    { motivo: 'Quiero adoptar.\nTengo jardín.', experiencia: 'Dos perros\r\ny un gato', otrasMascotas: 'Un gato\tmayor' },
  ],
  ['a line break stops the cross-field rules', { nombre: 'Ana\nLópez', viviendaPropia: false }],
  ['ordinary Spanish with emoji', { nombre: 'María José Núñez 🐶', ciudad: 'A Coruña 🇪🇸', motivo: 'Mi familia 👨‍👩‍👧 quiere adoptar 🏳️‍🌈' }],
  ['e-mails', { email: 'ana@' }],
  ['e-mail without a dot in the domain', { email: 'ana@localhost' }],
  ['e-mail with two dots', { email: 'a..b@example.com' }],
  ['e-mail too long', { email: `${'a'.repeat(250)}@example.com` }],
  ['e-mail padded', { email: '  ana@example.com  ' }],
  ['phones', { telefono: '12345' }],
  ['phone with letters', { telefono: '55-CALL-NOW' }],
  ['phone of symbols', { telefono: '(+) -- ()' }],
  ['phone too long', { telefono: '1'.repeat(31) }],
  ['ages', { edad: 17 }],
  ['age too high', { edad: 121 }],
  ['age not whole', { edad: 30.5 }],
  ['age not a number', { edad: Number.NaN, personasEnCasa: Number.NaN, horasSolo: Number.POSITIVE_INFINITY }],
  ['housing', { vivienda: 'castillo', viviendaPropia: 'si', patio: null }],
  ['rented without an answer', { viviendaPropia: false }],
  ['rented and refused', { viviendaPropia: false, permiteMascotas: false }],
  ['owned, landlord answer ignored', { viviendaPropia: true, permiteMascotas: false }],
  ['people out of range', { personasEnCasa: 0, ninosEnCasa: 21, horasSolo: 25 }],
  ['more children than people', { personasEnCasa: 2, ninosEnCasa: 3 }],
  ['children when the people are unreadable', { personasEnCasa: Number.NaN, ninosEnCasa: 1 }],
  ['huge whole numbers', { edad: 1e20, personasEnCasa: 2 ** 60 }],
  ['a fraction stops the cross-field rules', { viviendaPropia: false, horasSolo: 2.5 }],
  ['negative numbers', { personasEnCasa: -1, ninosEnCasa: -1, horasSolo: -1 }],
  ['consents refused', { aceptaVisita: false, aceptaPrivacidad: false }],
  ['consents as text', { aceptaVisita: 'true', aceptaPrivacidad: 1 }],
];

describe('the browser checks of the adoption application', () => {
  it.each(cases)('give the server schema’s messages: %s', (_name, change) => {
    const input = { ...valid, ...change };
    expect(checkAdoptionApplication(input)).toEqual(serverFieldErrors(input));
  });

  it('name each problem in Spanish under its field', () => {
    const problems = checkAdoptionApplication({ ...valid, edad: 16, viviendaPropia: false, horasSolo: 30, nombre: '' });
    expect(problems).toEqual({
      nombre: adoptionMessages.nameRequired,
      edad: adoptionMessages.ageMinor,
      permiteMascotas: adoptionMessages.landlordRequired,
      horasSolo: adoptionMessages.hoursInvalid,
    });
    expect(checkAdoptionApplication({ ...valid, motivo: 'a\u0000' })).toEqual({ motivo: textMessages.invalidCharacters });
    expect(checkAdoptionApplication(valid)).toEqual({});
  });

  it('agree with the server schema on generated forms', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom(
        '',
        ' ',
        'Ana',
        '<b>',
        '=1',
        '+52 55 1234 5678',
        'ana@example.com',
        'a@b.c',
        'x\u0000',
        'Compañía',
        'Ana\nLópez',
        'x\u202E',
        '👨‍👩‍👧',
        'a\u200Db',
      ),
      fc.string({ minLength: 95, maxLength: 260 }),
    );
    const number = fc.oneof(fc.integer({ min: -5, max: 130 }), fc.double(), fc.constant(Number.NaN), fc.constant(undefined));
    const yesNo = fc.constantFrom(true, false, undefined, null);
    fc.assert(
      fc.property(
        fc.record({
          nombre: text,
          email: text,
          telefono: text,
          edad: number,
          ciudad: text,
          direccion: text,
          vivienda: fc.constantFrom('casa', 'departamento', 'otro', 'castillo', undefined),
          viviendaPropia: yesNo,
          permiteMascotas: yesNo,
          patio: yesNo,
          personasEnCasa: number,
          ninosEnCasa: number,
          horasSolo: number,
          otrasMascotas: fc.oneof(text, fc.constant(undefined)),
          experiencia: fc.oneof(text, fc.constant(undefined)),
          motivo: text,
          aceptaVisita: fc.boolean(),
          aceptaPrivacidad: fc.boolean(),
        }),
        (form) => {
          const input = { mascotaId: 4, ...form };
          expect(checkAdoptionApplication(input)).toEqual(serverFieldErrors(input));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
