import type { z } from 'zod';
import { fiscalIdProblem, normaliseFiscalId } from './fiscal-id';
import { fiscalMessages } from './fiscal-messages';
import { ibanProblem, isValidSepaCreditorId, normaliseIban, normaliseSepaCreditorId } from './iban';
import { normalisePostcode, postcodeProblem } from './postcode';
import { oneLineText } from './text';
export * from './fiscal-id';
export * from './fiscal-messages';
export * from './iban';
export * from './postcode';

/*
 * The fiscal and bank fields of the API (DESIGN section 15): each schema refuses with the same Spanish message the
 * zod-free check gives the browser, and answers the normalised form that is stored. Each is a one-line text of the
 * contracts (control characters, invisible characters and line breaks refused first), as every text the API takes.
 */

/** A hidden character or a line break is refused with the field's own words, as any other wrong value. */
const sameWords = (message: string) => ({ invalidCharacters: message, lineBreak: message });

/** Refuses with the message a problem function finds, or lets the value through. */
function checkedBy(problem: (value: string) => string | null) {
  return (value: string, ctx: z.RefinementCtx) => {
    const message = problem(value);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  };
}

/** A NIF, NIE or CIF with its check character verified, as stored (' 12.345.678-z ' -> '12345678Z'). */
export const fiscalIdSchema = oneLineText({ error: fiscalMessages.fiscalIdFormat }, sameWords(fiscalMessages.fiscalIdFormat))
  .superRefine(checkedBy(fiscalIdProblem))
  .transform(normaliseFiscalId);

/** A Spanish postcode, 5 digits from 01000 to 52999. */
export const postcodeSchema = oneLineText({ error: fiscalMessages.postcode }, sameWords(fiscalMessages.postcode))
  .superRefine(checkedBy(postcodeProblem))
  .transform(normalisePostcode);

/** True for an ISO 3166-1 alpha-2 code of a country or territory other than Spain ('FR', 'PT'). */
export function isForeignCountry(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || code === 'ES') return false;
  try {
    return new Intl.DisplayNames(['es'], { type: 'region', fallback: 'none' }).of(code) !== undefined;
  } catch {
    return false;
  }
}

/**
 * The country of residence of a person resident abroad (ISO 3166-1 alpha-2, upper case); '', null or 'ES' (a resident
 * of Spain) are answered as null. The modelo 182 declares such a donor with the province code 99.
 */
export const countryInput = oneLineText({ error: fiscalMessages.country }, sameWords(fiscalMessages.country))
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => v === '' || v === 'ES' || isForeignCountry(v), fiscalMessages.country)
  .transform((v) => (v === '' || v === 'ES' ? null : v))
  .nullable();

/** A valid IBAN, in its electronic format ('ES91 2100 0418 4502 0005 1332' -> 'ES9121000418450200051332'). */
export const ibanSchema = oneLineText({ error: fiscalMessages.ibanFormat }, sameWords(fiscalMessages.ibanFormat))
  .superRefine(checkedBy(ibanProblem))
  .transform(normaliseIban);

/** A SEPA creditor identifier (AT-02) with right check digits, normalised ('ES23 ZZZ 47690558N' -> 'ES23ZZZ47690558N'). */
export const sepaCreditorIdSchema = oneLineText({ error: fiscalMessages.sepaCreditorId }, sameWords(fiscalMessages.sepaCreditorId))
  .refine(isValidSepaCreditorId, fiscalMessages.sepaCreditorId)
  .transform(normaliseSepaCreditorId);

/**
 * An optional fiscal field as typed (a NIF, a postcode, a creditor identifier): checked and normalised by `schema`;
 * '' (or only spaces) and null clear it, answered as null. Wrap in `.optional()` where it may be left out.
 */
export function clearableFiscalField(schema: z.ZodType<string, string>, message: string) {
  return oneLineText({ error: message }, sameWords(message))
    .trim()
    .transform((v) => (v === '' ? null : v))
    .pipe(schema.nullable())
    .nullable();
}
