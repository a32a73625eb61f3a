import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fiscalIdSchema, fiscalMessages, ibanSchema, postcodeSchema, sepaCreditorIdSchema } from './fiscal';
import * as contracts from './index';

/** The messages a schema refuses a value with. */
function messages(schema: { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);
}

describe('fiscalIdSchema', () => {
  it.each([
    [' 12.345.678-z ', '12345678Z'],
    ['x-1234567-l', 'X1234567L'],
    ['M1234567L', 'M1234567L'],
    ['q 2826000 h', 'Q2826000H'],
    ['b-64717838', 'B64717838'],
  ])('takes %j and answers %j', (raw, stored) => {
    expect(fiscalIdSchema.parse(raw)).toBe(stored);
  });

  it.each([
    ['12345678A', fiscalMessages.nifControl],
    ['X1234567A', fiscalMessages.nieControl],
    ['Q28260008', fiscalMessages.cifControl],
    ['1234567', fiscalMessages.fiscalIdFormat],
    ['12345678Z\u202E', fiscalMessages.fiscalIdFormat],
    ['12345678Z\n', fiscalMessages.fiscalIdFormat],
    ['', fiscalMessages.fiscalIdRequired],
    [12345678, fiscalMessages.fiscalIdFormat],
    [null, fiscalMessages.fiscalIdFormat],
  ])('refuses %j with one Spanish message', (raw, message) => {
    expect(messages(fiscalIdSchema, raw)).toEqual([message]);
  });
});

describe('postcodeSchema', () => {
  it('takes a postcode and answers it without the spaces around it', () => {
    expect(postcodeSchema.parse(' 08001 ')).toBe('08001');
    expect(postcodeSchema.parse('52006')).toBe('52006');
  });

  it.each(['00001', '53001', '8001', '280013', '28-013', '', 28013])('refuses %j', (raw) => {
    expect(messages(postcodeSchema, raw)).toEqual(['El código postal debe tener 5 cifras (01000 a 52999).']);
  });
});

describe('ibanSchema', () => {
  it('takes an IBAN as written and answers its electronic format', () => {
    expect(ibanSchema.parse('es91 2100 0418 4502 0005 1332')).toBe('ES9121000418450200051332');
    expect(ibanSchema.parse('DE89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
  });

  it.each([
    ['ES9221000418450200051332', 'El IBAN no es válido: revisa los dígitos de control.'],
    ['ES2921000418460200051332', 'El IBAN no es válido: revisa los dígitos de control.'],
    ['ES912100041845020005133', fiscalMessages.ibanFormat],
    ['', fiscalMessages.ibanRequired],
    [null, fiscalMessages.ibanFormat],
  ])('refuses %j', (raw, message) => {
    expect(messages(ibanSchema, raw)).toEqual([message]);
  });
});

describe('sepaCreditorIdSchema', () => {
  it('takes an identifier as written and answers it normalised', () => {
    expect(sepaCreditorIdSchema.parse('es23 zzz 47690558n')).toBe('ES23ZZZ47690558N');
  });

  it.each(['ES24ZZZ47690558N', 'ES23ZZZ', '', undefined])('refuses %j', (raw) => {
    expect(messages(sepaCreditorIdSchema, raw)).toEqual(['El identificador de acreedor SEPA no es válido.']);
  });
});

describe('the package', () => {
  it('exports the validators, the schemas and the messages from its entry', () => {
    for (const name of [
      'normaliseFiscalId',
      'fiscalIdKind',
      'isValidFiscalId',
      'fiscalPersonType',
      'fiscalIdProblem',
      'normalisePostcode',
      'isValidPostcode',
      'provinceOfPostcode',
      'postcodeProblem',
      'normaliseIban',
      'isValidIban',
      'isSepaIban',
      'ibanProblem',
      'maskIban',
      'normaliseSepaCreditorId',
      'isValidSepaCreditorId',
      'sepaCreditorIdCheckDigits',
      'fiscalIdSchema',
      'postcodeSchema',
      'ibanSchema',
      'sepaCreditorIdSchema',
      'fiscalMessages',
    ])
      expect(contracts, name).toHaveProperty(name);
  });

  it('keeps the validators free of zod, so a light public page can import them alone', () => {
    const dir = path.dirname(fileURLToPath(import.meta.url));
    const seen = new Set<string>();
    const visit = (file: string): string[] => {
      if (seen.has(file)) return [];
      seen.add(file);
      const source = readFileSync(path.join(dir, file), 'utf8');
      const imports = [...source.matchAll(/^(?:import|export)[^;]*?from '([^']+)'/gm)].map((m) => m[1]!);
      return imports.flatMap((spec) => (spec.startsWith('./') ? visit(`${spec.slice(2)}.ts`) : [spec]));
    };
    const external = ['fiscal-id.ts', 'postcode.ts', 'iban.ts', 'fiscal-messages.ts'].flatMap(visit);
    expect([...new Set(external)]).toEqual(['ibantools']);
    // The schemas' file adds zod and the contracts' text rules (one-line text), nothing else: the four above are
    // already seen, so the check finds only imports of zod.
    expect([...new Set(visit('fiscal.ts'))]).toEqual(['zod']);
  });
});
