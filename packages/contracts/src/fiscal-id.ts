import { fiscalMessages } from './fiscal-messages';

/*
 * Spanish tax identification numbers (NIF), without zod: the public pages import these. Every function takes the
 * number as a person writes it and normalises it first (`normaliseFiscalId`), so ' 12.345.678-z ' is 12345678Z.
 *
 * - `nif`: a natural person's NIF. Either a DNI, 8 digits and a check letter (the number mod 23 in
 *   TRWAGMYFPDXBNJZSQVHLCKE), or the NIF of a Spaniard or foreigner without DNI or NIE: K (Spaniards under 14), L
 *   (Spaniards living abroad) or M (foreigners without NIE), 7 digits and the check letter of those 7 digits, as a
 *   DNI (Orden EHA/451/2008). K, L and M are natural persons: kind `nif`, person type `F`.
 * - `nie`: a foreigner's number, X, Y or Z, 7 digits and the check letter of the 8-digit number with X=0, Y=1, Z=2.
 * - `cif`: a legal person's or entity's NIF (the former CIF), a letter of the entity's form, 7 digits and a check
 *   character: the digit (10 - s mod 10) mod 10, where s adds the 2nd, 4th and 6th digits and the digits of twice
 *   the 1st, 3rd, 5th and 7th, or the letter JABCDEFGHI of that digit. Which one: a letter for public bodies,
 *   religious and foreign entities (N, P, Q, R, S, W) and for non-residents (the two first digits 00); a digit for
 *   companies and communities (A, B, E, H); either for the rest (C, D, F, G, J, U, V), as the AEAT accepts both.
 */

export type FiscalIdKind = 'nif' | 'nie' | 'cif';
/**
 * The modelo 182's nature of the declared person (position 105): `F` a natural person, `J` a legal person, `E` an
 * entity under the attribution-of-income regime (a CIF starting with E: comunidades de bienes, herencias yacentes).
 */
export type FiscalPersonType = 'F' | 'J' | 'E';

const NIF_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const CIF_LETTERS = 'JABCDEFGHI';

const DNI_PATTERN = /^\d{8}[A-Z]$/;
const KLM_PATTERN = /^[KLM]\d{7}[A-Z]$/;
const NIE_PATTERN = /^[XYZ]\d{7}[A-Z]$/;
const CIF_PATTERN = /^[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J]$/;
/** Entities whose check character is a letter; and those whose check character is a digit. */
const CIF_LETTER_ONLY = 'NPQRSW';
const CIF_DIGIT_ONLY = 'ABEH';

/** The number as stored: trimmed, upper case, without spaces, dots or hyphens (' x-1234567-l ' -> X1234567L). */
export function normaliseFiscalId(raw: string): string {
  return raw
    .trim()
    .toUpperCase()
    .replace(/[\s.-]/g, '');
}

/** Which kind of number it looks like (not whether its check character is right), or undefined. */
export function fiscalIdKind(id: string): FiscalIdKind | undefined {
  const n = normaliseFiscalId(id);
  if (DNI_PATTERN.test(n) || KLM_PATTERN.test(n)) return 'nif';
  if (NIE_PATTERN.test(n)) return 'nie';
  if (CIF_PATTERN.test(n)) return 'cif';
  return undefined;
}

/** The check letter of a DNI's number (or of a NIE's, with X, Y, Z as 0, 1, 2; or of the 7 digits of a K, L, M). */
function nifLetter(digits: string): string {
  return NIF_LETTERS[Number(digits) % 23]!;
}

/** The check digit of a CIF's 7 digits. */
function cifDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const d = Number(digits[i]);
    // The 1st, 3rd, 5th and 7th digits (even indices) count twice, each digit of the double apart (7 -> 14 -> 5).
    sum += i % 2 === 0 ? Math.floor((2 * d) / 10) + ((2 * d) % 10) : d;
  }
  return (10 - (sum % 10)) % 10;
}

function hasValidCifControl(n: string): boolean {
  const entity = n[0]!;
  const digits = n.slice(1, 8);
  const control = n[8]!;
  const digit = cifDigit(digits);
  const asLetter = control === CIF_LETTERS[digit];
  const asDigit = control === String(digit);
  if (CIF_LETTER_ONLY.includes(entity) || digits.startsWith('00')) return asLetter;
  if (CIF_DIGIT_ONLY.includes(entity)) return asDigit;
  return asLetter || asDigit;
}

/** True for a NIF, NIE or CIF whose check character is right. */
export function isValidFiscalId(id: string): boolean {
  const n = normaliseFiscalId(id);
  if (DNI_PATTERN.test(n)) return n[8] === nifLetter(n.slice(0, 8));
  if (KLM_PATTERN.test(n)) return n[8] === nifLetter(n.slice(1, 8));
  if (NIE_PATTERN.test(n)) return n[8] === nifLetter(String('XYZ'.indexOf(n[0]!)) + n.slice(1, 8));
  if (CIF_PATTERN.test(n)) return hasValidCifControl(n);
  return false;
}

/** `F` for a natural person's NIF or NIE, `E` for a CIF starting with E, `J` for any other CIF, undefined for what is no NIF. */
export function fiscalPersonType(id: string): FiscalPersonType | undefined {
  const kind = fiscalIdKind(id);
  if (kind === undefined) return undefined;
  if (kind !== 'cif') return 'F';
  return normaliseFiscalId(id).startsWith('E') ? 'E' : 'J';
}

/** What is wrong with a NIF as the API words it, or null: the browser shows the server's message. */
export function fiscalIdProblem(raw: string): string | null {
  const n = normaliseFiscalId(raw);
  if (n === '') return fiscalMessages.fiscalIdRequired;
  const kind = fiscalIdKind(n);
  if (kind === undefined) return fiscalMessages.fiscalIdFormat;
  if (isValidFiscalId(n)) return null;
  return kind === 'nif' ? fiscalMessages.nifControl : kind === 'nie' ? fiscalMessages.nieControl : fiscalMessages.cifControl;
}
