/* Safe-text checks and date bounds, without zod: the public pages' form checks use them. `text.ts` re-exports them. */

/** Years a date the API stores may have: PostgreSQL and JavaScript agree on these, and no pet needs others. */
export const DATE_MIN_YEAR = 1900;
export const DATE_MAX_YEAR = 2999;

export const textMessages = {
  invalidCharacters: 'El texto contiene caracteres no válidos (caracteres de control o Unicode mal formado).',
  dateOutOfRange: `La fecha debe estar entre los años ${DATE_MIN_YEAR} y ${DATE_MAX_YEAR}.`,
} as const;

/** NUL and the other C0 control characters except tab, line feed and carriage return; lone UTF-16 surrogates. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text can be stored and shown as is: no control characters (NUL would break PostgreSQL) and well-formed Unicode. */
export function isSafeText(text: string): boolean {
  return !UNSAFE_TEXT.test(text);
}

/** A date within DATE_MIN_YEAR..DATE_MAX_YEAR (a far date like +275760-09-13 is valid JavaScript but not storable). */
export function isDateInRange(date: Date): boolean {
  const year = date.getUTCFullYear();
  return !Number.isNaN(date.getTime()) && year >= DATE_MIN_YEAR && year <= DATE_MAX_YEAR;
}
