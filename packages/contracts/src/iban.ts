import { ValidationErrorsIBAN, electronicFormatIBAN, isSEPACountry, isValidBIC, isValidIBAN, validateIBAN } from 'ibantools';
import { isValidFiscalId } from './fiscal-id';
import { fiscalMessages } from './fiscal-messages';

/*
 * Bank account numbers (IBAN) and the SEPA creditor identifier, without zod: the public `/colabora` page imports
 * these. Every function takes the text as a person writes or pastes it and normalises it first. The IBAN's rules
 * (each country's length and pattern, the mod-97 check digits, and for Spain the two check digits of the old CCC)
 * are ibantools' own.
 */

/**
 * The IBAN as stored, its electronic format: without the separators people write (spaces, dots, hyphens), upper case
 * ('es91 2100-0418…' -> 'ES912100…', 'NO93.8601.1117.947' -> 'NO9386011117947').
 */
export function normaliseIban(raw: string): string {
  return electronicFormatIBAN(raw.replace(/[\s.\-\u2010-\u2015]/g, '')) ?? '';
}

/** The Spanish messages of SEPA direct debits' bank data (the IBAN's country, the BIC, the debtor's address). */
export const sepaMessages = {
  ibanNotSepa: (country: string, code: string) =>
    `La cuenta es de ${country} (${code}), fuera de la zona SEPA: no se puede cobrar por domiciliación SEPA. Elige otra forma de pago.`,
  bicFormat: 'El BIC no es válido: tiene 8 u 11 caracteres (CAIXESBBXXX).',
  bicCountry: 'El BIC es de un banco de otro país que el IBAN.',
  nonEeaNeedsBic: 'Esta cuenta es de un banco de fuera del Espacio Económico Europeo: el banco exige su BIC.',
  nonEeaPublic: (country: string, code: string) =>
    `Tu cuenta es de ${country} (${code}), fuera del Espacio Económico Europeo: su banco exige tu domicilio y el BIC, que este formulario no pide. Escríbenos y la domiciliamos contigo.`,
  nonEeaNeedsAddress:
    'Esta cuenta es de un banco de fuera del Espacio Económico Europeo: el banco exige el domicilio del titular (dirección, localidad y país).',
} as const;

/** True for an IBAN of a country that has them, with that country's length and pattern and right check digits. */
export function isValidIban(iban: string): boolean {
  return isValidIBAN(normaliseIban(iban));
}

/*
 * The SEPA schemes' countries and territories, after the EPC's list (EPC409-09, "EPC List of Countries and Territories
 * included in the SEPA Schemes' Geographical Scope", as of 2025). The EEA: the 27 EU states, Iceland, Liechtenstein
 * and Norway, with the territories that are part of them (Åland AX; French Guiana GF, Guadeloupe GP, Martinique MQ,
 * Réunion RE, Mayotte YT, Saint-Martin MF; the Azores, Madeira, the Canaries, Ceuta and Melilla, under PT and ES).
 * Outside the EEA: Andorra, Switzerland, the United Kingdom and the Crown Dependencies (Guernsey, Jersey, the Isle of
 * Man), Gibraltar, Monaco, San Marino, Vatican City, Saint-Barthélemy, Saint-Pierre-et-Miquelon, and since 2024-2025
 * Albania, Montenegro, Moldova, North Macedonia and Serbia. A debit to a bank outside the EEA must carry the debtor's
 * address and the bank's BIC (EPC SDD Core rulebook, AT-09 and AT-13).
 */
// prettier-ignore
export const SEPA_EEA_COUNTRIES: readonly string[] = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT',
  'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'IS', 'LI', 'NO', 'AX', 'GF', 'GP', 'MQ', 'RE', 'YT', 'MF',
];
// prettier-ignore
export const SEPA_NON_EEA_COUNTRIES: readonly string[] = [
  'AD', 'CH', 'GB', 'GG', 'JE', 'IM', 'GI', 'MC', 'SM', 'VA', 'BL', 'PM', 'AL', 'ME', 'MD', 'MK', 'RS',
];

/** The territories whose banks write the IBAN with another country's code (a French IBAN in Guadeloupe). */
const TERRITORIES_OF: Record<string, readonly string[]> = {
  FI: ['AX'],
  FR: ['GF', 'GP', 'MQ', 'RE', 'YT', 'MF', 'BL', 'PM'],
  GB: ['GG', 'JE', 'IM'],
};

const isSepaCountryCode = (code: string) => SEPA_EEA_COUNTRIES.includes(code) || SEPA_NON_EEA_COUNTRIES.includes(code);

/** True for a valid IBAN of a SEPA country: the only accounts a SEPA direct debit can charge. */
export function isSepaIban(iban: string): boolean {
  const n = normaliseIban(iban);
  return isValidIBAN(n) && isSepaCountryCode(n.slice(0, 2));
}

/** The BIC as stored: without spaces, upper case ('caix es bb xxx' -> 'CAIXESBBXXX'). */
export function normaliseBic(raw: string): string {
  return raw.replace(/\s/g, '').toUpperCase();
}

/**
 * True when a debit to this account goes to a bank outside the EEA (its IBAN's country, or the BIC's when the bank
 * is in a territory: a French IBAN of Saint-Pierre-et-Miquelon), so the file needs the debtor's address and BIC.
 */
export function isNonEeaSepa(iban: string, bic?: string | null): boolean {
  const country = normaliseIban(iban).slice(0, 2);
  if (SEPA_NON_EEA_COUNTRIES.includes(country)) return true;
  const bicCountry = bic ? normaliseBic(bic).slice(4, 6) : '';
  return bicCountry !== '' && SEPA_NON_EEA_COUNTRIES.includes(bicCountry);
}

/** What is wrong with a BIC given for an IBAN, or null: its shape, and its country against the IBAN's. */
export function bicProblem(raw: string, iban: string): string | null {
  const bic = normaliseBic(raw);
  if (!isValidBIC(bic)) return sepaMessages.bicFormat;
  const ibanCountry = normaliseIban(iban).slice(0, 2);
  const bicCountry = bic.slice(4, 6);
  if (bicCountry !== ibanCountry && !(TERRITORIES_OF[ibanCountry] ?? []).includes(bicCountry)) return sepaMessages.bicCountry;
  if (!isSepaCountryCode(bicCountry)) return sepaMessages.bicCountry;
  return null;
}

/** The country's Spanish name for messages ('GT' -> 'Guatemala'), or the code when the browser does not know it. */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['es'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * What keeps an IBAN from being charged by SEPA direct debit, or null: what `ibanProblem` finds, then a country
 * outside the SEPA schemes (GT, IL, LB, MR, VG, GE, BA have IBANs but no SEPA).
 */
export function sepaIbanProblem(raw: string): string | null {
  const problem = ibanProblem(raw);
  if (problem !== null) return problem;
  const country = normaliseIban(raw).slice(0, 2);
  return isSepaCountryCode(country) ? null : sepaMessages.ibanNotSepa(countryName(country), country);
}

const IBAN_FORMAT_ERRORS: readonly ValidationErrorsIBAN[] = [
  ValidationErrorsIBAN.NoIBANCountry,
  ValidationErrorsIBAN.WrongBBANLength,
  ValidationErrorsIBAN.WrongBBANFormat,
  ValidationErrorsIBAN.ChecksumNotNumber,
];

/**
 * What is wrong with an IBAN as the API words it, or null: its shape (country, length, characters) first, then its
 * check digits (the IBAN's two, or the Spanish account's own).
 */
export function ibanProblem(raw: string): string | null {
  const n = normaliseIban(raw);
  if (n === '') return fiscalMessages.ibanRequired;
  const { valid, errorCodes } = validateIBAN(n);
  if (valid) return null;
  return errorCodes.some((code) => IBAN_FORMAT_ERRORS.includes(code)) ? fiscalMessages.ibanFormat : fiscalMessages.ibanControl;
}

/**
 * The IBAN as shown everywhere but in the bank file: the country and check digits and the last 4 characters
 * visible, every other character an asterisk, in groups of 4 from the start as an IBAN is printed:
 * 'ES9121000418450200051332' -> 'ES91 **** **** **** **** 1332', 'DE89370400440532013000' ->
 * 'DE89 **** **** **** **30 00'. A text of 8 characters or fewer (no IBAN) is all asterisks, grouped alike.
 */
export function maskIban(iban: string): string {
  const n = normaliseIban(iban);
  const masked = n.length <= 8 ? '*'.repeat(n.length) : n.slice(0, 4) + '*'.repeat(n.length - 8) + n.slice(-4);
  return masked.replace(/(.{4})(?=.)/g, '$1 ');
}

/*
 * The SEPA creditor identifier (EPC's AT-02), what the organisation's bank gives it to collect direct debits: the
 * country (2 letters), 2 check digits, a business code of 3 characters the creditor chooses (ZZZ or 000 when none)
 * and the country's identifier of the creditor, at most 35 characters in all. The check digits are ISO 7064
 * mod 97-10 over the national identifier, the country and '00' (letters as 10 to 35), the business code left out.
 * In Spain the national identifier is the creditor's NIF: 'ES' + check + business code + NIF, 16 characters
 * ('ES23ZZZ47690558N').
 */

const CREDITOR_ID_PATTERN = /^([A-Z]{2})(\d{2})[A-Z0-9]{3}([A-Z0-9]{1,28})$/;

/** The identifier as stored: trimmed, upper case, without spaces, dots or hyphens. */
export function normaliseSepaCreditorId(raw: string): string {
  return raw
    .trim()
    .toUpperCase()
    .replace(/[\s.-]/g, '');
}

/** Letters as ISO 7064 reads them (A=10 … Z=35), digits as they are. */
function toDigits(text: string): string {
  return [...text].map((c) => parseInt(c, 36).toString()).join('');
}

/** The two check digits of a creditor identifier of that country and national identifier. */
export function sepaCreditorIdCheckDigits(country: string, nationalId: string): string {
  const remainder = BigInt(toDigits(nationalId + country + '00')) % 97n;
  return String(98n - remainder).padStart(2, '0');
}

/** True for a SEPA country's creditor identifier with right check digits (and, in Spain, a valid NIF after them). */
export function isValidSepaCreditorId(id: string): boolean {
  const match = CREDITOR_ID_PATTERN.exec(normaliseSepaCreditorId(id));
  if (!match) return false;
  const [, country = '', check = '', nationalId = ''] = match;
  if (!isSEPACountry(country)) return false;
  if (country === 'ES' && !(nationalId.length === 9 && isValidFiscalId(nationalId))) return false;
  return sepaCreditorIdCheckDigits(country, nationalId) === check;
}
