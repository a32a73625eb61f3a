import { describe, expect, it } from 'vitest';
import { fiscalMessages } from './fiscal-messages';
import {
  bicProblem,
  ibanProblem,
  isNonEeaSepa,
  isSepaIban,
  sepaIbanProblem,
  isValidIban,
  isValidSepaCreditorId,
  maskIban,
  normaliseIban,
  normaliseSepaCreditorId,
  sepaCreditorIdCheckDigits,
} from './iban';

/* The IBANs are the examples of the SWIFT IBAN registry (and the Spanish banks' own, ES91 2100 0418 4502 0005 1332). */

describe('normaliseIban', () => {
  it.each([
    ['ES91 2100 0418 4502 0005 1332', 'ES9121000418450200051332'],
    [' es91-2100-0418-4502-0005-1332 ', 'ES9121000418450200051332'],
    ['ES91\u00a02100\t0418 4502 0005 1332', 'ES9121000418450200051332'],
    ['NO93.8601.1117.947', 'NO9386011117947'],
    ['DE89 3704.0044-0532 0130 00', 'DE89370400440532013000'],
    ['', ''],
  ])('writes %j as %j', (raw, expected) => {
    expect(normaliseIban(raw)).toBe(expected);
  });
});

describe('isValidIban', () => {
  it.each([
    'ES9121000418450200051332',
    'ES91 2100 0418 4502 0005 1332',
    'es91 2100 0418 4502 0005 1332',
    'ES7921000813610123456789',
    'DE89370400440532013000',
    'FR1420041010050500013M02606',
    'GB29NWBK60161331926819',
    'NL91ABNA0417164300',
    'PT50000201231234567890154',
    'IT60X0542811101000000123456',
    'BE68539007547034',
    'CH9300762011623852957',
  ])('accepts %j', (iban) => {
    expect(isValidIban(iban)).toBe(true);
    expect(ibanProblem(iban)).toBeNull();
  });

  it.each([
    ['ES9221000418450200051332', 'wrong IBAN check digits'],
    ['ES9121000418450200051333', 'a digit of the account changed'],
    ['ES9121000418540200051332', 'two digits swapped'],
    ['ES2921000418460200051332', 'right mod-97 but wrong Spanish account check digits (46 for 45)'],
    ['DE88370400440532013000', 'wrong IBAN check digits'],
    ['GB29NWBK60161331926818', 'a digit of the account changed'],
  ])('refuses %j: %s', (iban) => {
    expect(isValidIban(iban)).toBe(false);
    expect(ibanProblem(iban)).toBe(fiscalMessages.ibanControl);
  });

  it.each([
    ['ES912100041845020005133', 'one character short'],
    ['ES91210004184502000513321', 'one character too many'],
    ['XX9121000418450200051332', 'no such country'],
    ['US64SVBKUS6S3300958879', 'a country without IBANs'],
    ['ESAB21000418450200051332', 'letters as check digits'],
    ['ES91210004184502000513A2', 'a letter in a Spanish account'],
    ['9121000418450200051332', 'no country'],
    ['ES91 2100 0418 4502 0005 1332 / 1', 'something after it'],
  ])('refuses %j: %s', (iban) => {
    expect(isValidIban(iban)).toBe(false);
    expect(ibanProblem(iban)).toBe(fiscalMessages.ibanFormat);
  });

  it('asks for it when there is none', () => {
    expect(ibanProblem('')).toBe(fiscalMessages.ibanRequired);
    expect(ibanProblem('  ')).toBe(fiscalMessages.ibanRequired);
    expect(isValidIban('')).toBe(false);
  });
});

describe('isSepaIban', () => {
  it('accepts the valid IBANs of SEPA countries (the Swiss and British included)', () => {
    expect(isSepaIban('ES91 2100 0418 4502 0005 1332')).toBe(true);
    expect(isSepaIban('CH9300762011623852957')).toBe(true);
    expect(isSepaIban('GB29NWBK60161331926819')).toBe(true);
  });

  it('refuses a valid IBAN outside SEPA, and an invalid one', () => {
    expect(isValidIban('BR1800360305000010009795493C1')).toBe(true);
    expect(isSepaIban('BR1800360305000010009795493C1')).toBe(false);
    expect(isSepaIban('ES9221000418450200051332')).toBe(false);
  });
});

describe('SEPA countries, banks outside the EEA and BICs', () => {
  it('refuses the valid IBANs of countries outside the SEPA schemes, naming the country', () => {
    for (const iban of [
      'GT82TRAJ01020000001210029690',
      'IL620108000000099999999',
      'LB62099900000001001901229114',
      'MR1300020001010000123456753',
      'VG96VPVG0000012345678901',
      'GE29NB0000000101904917',
      'BA391290079401028494',
    ]) {
      expect(isValidIban(iban), iban).toBe(true);
      expect(isSepaIban(iban), iban).toBe(false);
      expect(sepaIbanProblem(iban), iban).toMatch(new RegExp(`\\(${iban.slice(0, 2)}\\), fuera de la zona SEPA`));
    }
    expect(sepaIbanProblem('NO93.8601.1117.947')).toBeNull();
  });

  it('tells the banks outside the EEA by the IBAN, or by the BIC of a territory', () => {
    expect(isNonEeaSepa('CH9300762011623852957')).toBe(true);
    expect(isNonEeaSepa('GB29NWBK60161331926819')).toBe(true);
    expect(isNonEeaSepa('ES9121000418450200051332')).toBe(false);
    expect(isNonEeaSepa('NO9386011117947')).toBe(false);
    expect(isNonEeaSepa('FR1420041010050500013M02606', 'BDSPPMPMXXX')).toBe(true);
    expect(isNonEeaSepa('FR1420041010050500013M02606', 'BNPAFRPPXXX')).toBe(false);
  });

  it('checks a BIC and its country against the IBAN (territories allowed)', () => {
    expect(bicProblem('ubsw ch zh 80a', 'CH9300762011623852957')).toBeNull();
    expect(bicProblem('NWBKGB2L', 'CH9300762011623852957')).toMatch(/otro país/);
    expect(bicProblem('BDSPPMPMXXX', 'FR1420041010050500013M02606')).toBeNull();
    expect(bicProblem('XXX', 'ES9121000418450200051332')).toMatch(/no es válido/);
  });
});

describe('maskIban', () => {
  it.each([
    ['ES9121000418450200051332', 'ES91 **** **** **** **** 1332'],
    ['ES91 2100 0418 4502 0005 1332', 'ES91 **** **** **** **** 1332'],
    ['DE89370400440532013000', 'DE89 **** **** **** **30 00'],
    ['BE68539007547034', 'BE68 **** **** 7034'],
    ['NO9386011117947', 'NO93 **** ***7 947'],
    ['ES9121', '**** **'],
    ['', ''],
  ])('shows %j as %j', (iban, masked) => {
    expect(maskIban(iban)).toBe(masked);
  });

  it('never shows the bank, branch or account number of a Spanish IBAN', () => {
    const masked = maskIban('ES7921000813610123456789');
    expect(masked).toBe('ES79 **** **** **** **** 6789');
    for (const part of ['2100', '0813', '6101', '2345']) expect(masked).not.toContain(part);
  });
});

/*
 * Creditor identifiers: python-stdnum's Spanish example (ES23ZZZ47690558N, and ES2300047690558N with the business
 * code 000), the Bundesbank's example Gläubiger-ID DE98ZZZ09999999999, and the AEAT's NIF Q2826000H with the
 * check digits computed by hand (Q2826000H ES 00 -> 26 2826000 17 28 14 00 mod 97 = 61, 98 - 61 = 37).
 */
describe('isValidSepaCreditorId', () => {
  it.each([
    'ES23ZZZ47690558N',
    'ES2300047690558N',
    'ES 23 ZZZ 47690558N',
    'es23-zzz-47690558n',
    'DE98ZZZ09999999999',
    'ES37ZZZQ2826000H',
    'ES37001Q2826000H',
  ])('accepts %j', (id) => {
    expect(isValidSepaCreditorId(id)).toBe(true);
  });

  it.each([
    ['ES24ZZZ47690558N', 'wrong check digits'],
    ['ES23ZZZ47690559N', 'a digit of the NIF changed'],
    ['DE99ZZZ09999999999', 'wrong check digits'],
    ['ES38ZZZQ2826000H', 'wrong check digits'],
    ['ES23ZZZ47690558', 'a NIF without its letter'],
    ['ES50ZZZ47690558M', 'right check digits over a NIF with a wrong letter'],
    ['ES68ZZZ476905588N', 'a Spanish identifier that is no NIF (too long)'],
    ['US97ZZZ09999999999', 'a country outside SEPA'],
    ['ESXXZZZ47690558N', 'letters as check digits'],
    ['ES23ZZ', 'too short'],
    ['ES23ZZZ', 'no national identifier'],
    ['DE48ZZZ0999999999909999999999099999999', 'longer than 35 characters'],
    [`DE09ZZZ${'0'.repeat(28)}1`, '36 characters, with right check digits'],
    ['ES23Z_Z47690558N', 'a character no identifier has'],
    ['', 'nothing'],
  ])('refuses %j: %s', (id) => {
    expect(isValidSepaCreditorId(id)).toBe(false);
  });

  it('takes up to 35 characters', () => {
    expect(isValidSepaCreditorId(`DE09ZZZ${'0'.repeat(27)}1`)).toBe(true);
  });

  it('ignores the business code in the check digits', () => {
    expect(isValidSepaCreditorId('ES23ABC47690558N')).toBe(true);
    expect(isValidSepaCreditorId('ES23999Q2826000H')).toBe(false);
  });

  it('computes the check digits over the national identifier, the country and 00', () => {
    expect(sepaCreditorIdCheckDigits('ES', '47690558N')).toBe('23');
    expect(sepaCreditorIdCheckDigits('DE', '09999999999')).toBe('98');
    expect(sepaCreditorIdCheckDigits('ES', 'Q2826000H')).toBe('37');
    expect(sepaCreditorIdCheckDigits('ES', 'B12345674')).toBe('11');
    expect(isValidSepaCreditorId(`ES${sepaCreditorIdCheckDigits('ES', 'G08266298')}ZZZG08266298`)).toBe(true);
  });

  it('is stored without spaces, dots or hyphens, in upper case', () => {
    expect(normaliseSepaCreditorId(' es23 zzz-476.905.58n ')).toBe('ES23ZZZ47690558N');
  });
});
