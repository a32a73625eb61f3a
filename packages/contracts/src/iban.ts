import { ValidationErrorsIBAN, electronicFormatIBAN, isSEPACountry, isValidIBAN, validateIBAN } from 'ibantools';
import { isValidFiscalId } from './fiscal-id';
import { fiscalMessages } from './fiscal-messages';

/*
 * Bank account numbers (IBAN) and the SEPA creditor identifier, without zod: the public `/colabora` page imports
 * these. Every function takes the text as a person writes or pastes it and normalises it first. The IBAN's rules
 * (each country's length and pattern, the mod-97 check digits, and for Spain the two check digits of the old CCC)
 * are ibantools' own.
 */

/** The IBAN as stored, its electronic format: no spaces or hyphens, upper case ('es91 2100-0418…' -> 'ES912100…'). */
export function normaliseIban(raw: string): string {
  return electronicFormatIBAN(raw.replace(/\s/g, '')) ?? '';
}

/** True for an IBAN of a country that has them, with that country's length and pattern and right check digits. */
export function isValidIban(iban: string): boolean {
  return isValidIBAN(normaliseIban(iban));
}

/** True for a valid IBAN of a SEPA country: the only accounts a SEPA direct debit can charge. */
export function isSepaIban(iban: string): boolean {
  const n = normaliseIban(iban);
  return isValidIBAN(n) && isSEPACountry(n.slice(0, 2));
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
