import { fiscalMessages } from './fiscal-messages';

/*
 * Spanish postcodes, without zod: exactly 5 digits whose first two are the province's code, 01 (Álava) to 52
 * (Melilla), in the INE's order. The modelo 182 takes the province of each donor from them. Nothing is padded: a
 * postcode written without its leading zero (8001) is refused, not guessed.
 */

const POSTCODE_PATTERN = /^\d{5}$/;
const LAST_PROVINCE = 52;

/** The postcode as stored: without the spaces around it. */
export function normalisePostcode(raw: string): string {
  return raw.trim();
}

/** True for 5 digits from 01000 to 52999. */
export function isValidPostcode(postcode: string): boolean {
  const cp = normalisePostcode(postcode);
  if (!POSTCODE_PATTERN.test(cp)) return false;
  const province = Number(cp.slice(0, 2));
  return province >= 1 && province <= LAST_PROVINCE;
}

/** The province's code ('01' to '52') of a valid postcode, or undefined. */
export function provinceOfPostcode(postcode: string): string | undefined {
  return isValidPostcode(postcode) ? normalisePostcode(postcode).slice(0, 2) : undefined;
}

/** What is wrong with a postcode as the API words it, or null. */
export function postcodeProblem(raw: string): string | null {
  return isValidPostcode(raw) ? null : fiscalMessages.postcode;
}
