import { describe, expect, it } from 'vitest';
import { normaliseEmail, normalisePhone } from './contact';

describe('normalisePhone', () => {
  it.each([
    // Spanish numbers, as people write them
    ['612 34 56 78', 'ES', '+34612345678'],
    ['612.34.56.78', 'ES', '+34612345678'],
    ['612-34-56-78', 'ES', '+34612345678'],
    ['(612) 345 678', 'ES', '+34612345678'],
    ['+34 612 345 678', 'ES', '+34612345678'],
    ['0034 612 345 678', 'ES', '+34612345678'],
    ['91 123 45 67', 'ES', '+34911234567'],
    // Mexican: with and without the mobile 1 dropped in 2019, from Spain and from Mexico
    ['+52 55 1234 5678', 'ES', '+525512345678'],
    ['+52 1 55 1234 5678', 'ES', '+525512345678'],
    ['0052 1 55 1234 5678', 'ES', '+525512345678'],
    ['55 1234 5678', 'MX', '+525512345678'],
    // Argentine mobiles (+54 9 ...) and landlines
    ['+54 9 11 1234-5678', 'ES', '+5491112345678'],
    ['+54 11 1234-5678', 'ES', '+541112345678'],
  ] as const)('%s (%s) -> %s', (raw, country, expected) => {
    expect(normalisePhone(raw, country)).toBe(expected);
  });

  it.each(['', '   ', '12', '612 34 56', 'seis uno dos', '+34 612 345 678 9999', '612345678a', '++34612345678'])('%j is not a phone', (raw) => {
    expect(normalisePhone(raw, 'ES')).toBeNull();
  });

  it('reads a number without prefix with the organisation country', () => {
    expect(normalisePhone('55 1234 5678', 'ES')).toBeNull();
    expect(normalisePhone('11 1234 5678', 'AR')).toBe('+541112345678');
  });
});

describe('normaliseEmail', () => {
  it.each([
    ['Ana@Example.COM', 'ana@example.com'],
    ['  ana@example.com  ', 'ana@example.com'],
    ['Ana.Garcia+refugio@Gmail.com', 'ana.garcia+refugio@gmail.com'],
    ['pepe@correo.españa.es', 'pepe@correo.xn--espaa-rta.es'],
    ['PEPE@MÜNCHEN.DE', 'pepe@xn--mnchen-3ya.de'],
  ])('%j -> %s', (raw, expected) => {
    expect(normaliseEmail(raw)).toBe(expected);
  });

  it.each(['', 'ana', 'ana@', '@example.com', 'ana example@x.com', 'ana@@example.com', 'ana@example', `${'a'.repeat(250)}@x.es`])(
    '%j is not an e-mail',
    (raw) => {
      expect(normaliseEmail(raw)).toBeNull();
    },
  );
});
