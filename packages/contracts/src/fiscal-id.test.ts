import { describe, expect, it } from 'vitest';
import { fiscalIdKind, fiscalIdProblem, fiscalPersonType, isValidFiscalId, normaliseFiscalId } from './fiscal-id';
import { fiscalMessages } from './fiscal-messages';

/*
 * Known numbers: the DNI and NIE examples of the Ministry of the Interior's check-letter table (12345678Z,
 * X1234567L…), public bodies' and companies' NIFs as published (the AEAT Q2826000H, the Ayuntamiento de Madrid
 * P2807900B, the Cruz Roja Q2866001G, Telefónica A28015865, Iberdrola A48010615, Banco Santander A39000013,
 * FC Barcelona G08266298) and python-stdnum's examples (X5253868R, 54362315K, B64717838, J99216582).
 */

describe('normaliseFiscalId', () => {
  it.each([
    ['12345678Z', '12345678Z'],
    [' 12345678z ', '12345678Z'],
    ['12.345.678-Z', '12345678Z'],
    ['12 345 678 z', '12345678Z'],
    ['x-1234567-l', 'X1234567L'],
    ['\t b-12345674\n', 'B12345674'],
    ['', ''],
  ])('writes %j as %j', (raw, expected) => {
    expect(normaliseFiscalId(raw)).toBe(expected);
  });

  it('keeps what it does not know how to clean, so that it is refused', () => {
    expect(normaliseFiscalId('12345678/Z')).toBe('12345678/Z');
    expect(isValidFiscalId('12345678/Z')).toBe(false);
  });
});

describe('DNI', () => {
  it.each(['12345678Z', '00000000T', '99999999R', '47690558N', '54362315K', '01234567L'])('accepts %s', (id) => {
    expect(isValidFiscalId(id)).toBe(true);
    expect(fiscalIdKind(id)).toBe('nif');
    expect(fiscalPersonType(id)).toBe('F');
    expect(fiscalIdProblem(id)).toBeNull();
  });

  it('accepts it as a person writes it', () => {
    expect(isValidFiscalId(' 12.345.678-z ')).toBe(true);
    expect(fiscalIdProblem('12 345 678 z')).toBeNull();
  });

  it.each(['12345678A', '12345678T', '00000000R', '99999999T', '47690558M'])('refuses %s: a wrong check letter', (id) => {
    expect(isValidFiscalId(id)).toBe(false);
    expect(fiscalIdKind(id)).toBe('nif');
    expect(fiscalIdProblem(id)).toBe(fiscalMessages.nifControl);
  });

  it('gives every number exactly one letter of the 23', () => {
    const letters = [...'TRWAGMYFPDXBNJZSQVHLCKE'];
    for (let n = 0; n < 23; n++) {
      const digits = String(12345600 + n).padStart(8, '0');
      const valid = letters.filter((letter) => isValidFiscalId(digits + letter));
      expect(valid).toEqual([letters[(12345600 + n) % 23]]);
    }
    // I, Ñ, O and U are never check letters.
    for (const letter of 'IOU') expect(['12345678', '00000000'].some((d) => isValidFiscalId(d + letter))).toBe(false);
  });

  it.each(['1234567L', '123456789Z', '12345678', '1234567ZZ', 'A2345678Z', '12345678Ñ'])('refuses %s: not a DNI', (id) => {
    expect(isValidFiscalId(id)).toBe(false);
    expect(fiscalIdKind(id)).toBeUndefined();
    expect(fiscalIdProblem(id)).toBe(fiscalMessages.fiscalIdFormat);
  });
});

describe('NIE', () => {
  it.each(['X1234567L', 'Y1234567X', 'Z1234567R', 'X5253868R', 'X0000000T', 'Y0000000Z'])('accepts %s', (id) => {
    expect(isValidFiscalId(id)).toBe(true);
    expect(fiscalIdKind(id)).toBe('nie');
    expect(fiscalPersonType(id)).toBe('F');
    expect(fiscalIdProblem(id)).toBeNull();
  });

  it('reads X, Y and Z as 0, 1 and 2, not as the same number', () => {
    // 1234567 takes L, 11234567 takes X, 21234567 takes R: each letter only with its own prefix.
    expect(isValidFiscalId('Y1234567L')).toBe(false);
    expect(isValidFiscalId('Z1234567L')).toBe(false);
    expect(isValidFiscalId('X1234567X')).toBe(false);
    expect(isValidFiscalId('X1234567R')).toBe(false);
  });

  it.each(['X1234567A', 'Y1234567L', 'Z1234567X', 'X5253868S'])('refuses %s: a wrong check letter', (id) => {
    expect(isValidFiscalId(id)).toBe(false);
    expect(fiscalIdKind(id)).toBe('nie');
    expect(fiscalIdProblem(id)).toBe(fiscalMessages.nieControl);
  });

  it.each(['X123456L', 'X12345678L', 'W1234567L', 'X1234567', 'X12345671'])('refuses %s: not a NIE', (id) => {
    expect(isValidFiscalId(id)).toBe(false);
    expect(fiscalIdKind(id)).not.toBe('nie');
  });
});

describe('NIF of a person without DNI or NIE (K, L, M)', () => {
  it.each(['K1234567L', 'L1234567L', 'M1234567L', 'M0000000T', 'K9999999J'])('accepts %s, a natural person', (id) => {
    expect(isValidFiscalId(id)).toBe(true);
    expect(fiscalIdKind(id)).toBe('nif');
    expect(fiscalPersonType(id)).toBe('F');
  });

  it('checks the letter over the 7 digits only, as a DNI', () => {
    expect(isValidFiscalId('M1234567X')).toBe(false);
    expect(isValidFiscalId('K1234567R')).toBe(false);
    expect(fiscalIdProblem('L1234567A')).toBe(fiscalMessages.nifControl);
  });

  it('is never a CIF (no digit as check character)', () => {
    expect(isValidFiscalId('M12345674')).toBe(false);
    expect(fiscalIdKind('M12345674')).toBeUndefined();
  });
});

describe('CIF', () => {
  it.each([
    ['Q2826000H', 'the AEAT: a letter'],
    ['P2807900B', 'a town council: a letter'],
    ['Q2866001G', 'the Cruz Roja: a letter'],
    ['A28015865', 'a public limited company: a digit'],
    ['A48010615', 'a public limited company: a digit'],
    ['A39000013', 'a public limited company: a digit'],
    ['A58818501', 'a public limited company: a digit'],
    ['B64717838', 'a limited company: a digit'],
    ['B12345674', 'a limited company: a digit'],
    ['G08266298', 'an association: a digit'],
    ['G0826629H', 'an association: the same check as a letter'],
    ['J99216582', 'a civil partnership: a digit'],
    ['J9921658B', 'a civil partnership: the same check as a letter'],
    ['N0012345E', 'a foreign entity: a letter'],
    ['N2800000H', 'a foreign entity: a letter'],
    ['B28000800', 'a limited company whose check is 0'],
    ['E28000008', 'a community of goods: a digit'],
    ['H28000008', 'a community of owners: a digit'],
    ['Q2800080J', 'a public body whose check is 0, as the letter J'],
    ['W2800000H', 'a permanent establishment: a letter'],
    ['S2800000H', 'a state body: a letter'],
    ['R2800000H', 'a religious body: a letter'],
    ['V0800000B', 'another entity, non-resident (00…): a letter'],
  ])('accepts %s (%s)', (id) => {
    expect(isValidFiscalId(id)).toBe(true);
    expect(fiscalIdKind(id)).toBe('cif');
    expect(fiscalPersonType(id)).toBe(id.startsWith('E') ? 'E' : 'J');
    expect(fiscalIdProblem(id)).toBeNull();
  });

  it.each([
    ['Q28260008', 'a public body with the check as a digit'],
    ['P28079002', 'a town council with the check as a digit'],
    ['N00123455', 'a foreign entity with the check as a digit'],
    ['N28000008', 'a foreign entity with the check as a digit'],
    ['R28000008', 'a religious body with the check as a digit'],
    ['S28000008', 'a state body with the check as a digit'],
    ['B2800080J', 'a limited company with the check 0 as a letter'],
    ['W28000008', 'a permanent establishment with the check as a digit'],
    ['G00123455', 'a non-resident (00…) with the check as a digit'],
    ['A2801586E', 'a public limited company with the check as a letter'],
    ['B1234567D', 'a limited company with the check as a letter'],
    ['H2800000H', 'a community of owners with the check as a letter'],
    ['E2800000H', 'a community of goods with the check as a letter'],
    ['A28015866', 'a wrong digit'],
    ['Q2826000J', 'a wrong letter'],
    ['G08266299', 'a wrong digit where either is allowed'],
    ['G0826629A', 'a wrong letter where either is allowed'],
    ['B64717839', 'python-stdnum\u2019s invalid example'],
  ])('refuses %s (%s)', (id) => {
    expect(isValidFiscalId(id)).toBe(false);
    expect(fiscalIdKind(id)).toBe('cif');
    expect(fiscalIdProblem(id)).toBe(fiscalMessages.cifControl);
  });

  it.each(['I2800000H', 'O1234567L', 'T12345674', 'B1234567', 'B123456744', 'B1234567K'])('refuses %s: not a CIF', (id) => {
    expect(isValidFiscalId(id)).toBe(false);
    expect(fiscalIdKind(id)).toBeUndefined();
    expect(fiscalPersonType(id)).toBeUndefined();
    expect(fiscalIdProblem(id)).toBe(fiscalMessages.fiscalIdFormat);
  });

  it('doubles the odd positions digit by digit (a double of 10 or more adds its two digits)', () => {
    // 9999999: 4 × (1 + 8) + 3 × 9 = 63, check 7 (G); a sum of the doubles without splitting them would give 99, check 1.
    expect(isValidFiscalId('B99999997')).toBe(true);
    expect(isValidFiscalId('B99999991')).toBe(false);
  });
});

describe('fiscalIdProblem', () => {
  it('asks for the number when there is none', () => {
    expect(fiscalIdProblem('')).toBe(fiscalMessages.fiscalIdRequired);
    expect(fiscalIdProblem('  - . ')).toBe(fiscalMessages.fiscalIdRequired);
  });

  it('says what is wrong, in Spanish, naming the field', () => {
    expect(fiscalMessages.nifControl).toBe('El NIF no es válido: revisa la letra de control.');
    expect(fiscalIdProblem('hola')).toMatch(/^El NIF no es válido/);
  });
});
