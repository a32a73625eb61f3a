/* Safe-text checks and date bounds, without zod: the public pages' form checks use them. `text.ts` re-exports them. */

/** Years a date the API stores may have: PostgreSQL and JavaScript agree on these, and no pet needs others. */
export const DATE_MIN_YEAR = 1900;
export const DATE_MAX_YEAR = 2999;

export const textMessages = {
  invalidCharacters:
    'El texto contiene caracteres no válidos (caracteres de control, invisibles o que cambian la dirección del texto, o Unicode mal formado).',
  lineBreak: 'Este campo es de una sola línea: no admite saltos de línea ni tabuladores.',
  dateInvalid: 'Escribe una fecha válida (AAAA-MM-DD).',
  dateOutOfRange: `La fecha debe estar entre los años ${DATE_MIN_YEAR} y ${DATE_MAX_YEAR}.`,
} as const;

/**
 * What no text may hold: control characters (C0, DEL and C1; NUL breaks PostgreSQL) except tab, line feed and
 * carriage return; format characters (bidi overrides, embeddings, isolates and marks, zero-width spaces and
 * joiners, word joiner, invisible operators, BOM, soft hyphen, tags…), which show text other than what is stored
 * ("Firmante \u202Eonu"); line and paragraph separators; lone UTF-16 surrogates.
 */
const UNSAFE_TEXT = /(?![\t\n\r])[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]/u;
/** Tab, line feed and carriage return: what a multi-line text may have and a one-line text may not. */
const LINE_BREAK = /[\t\n\r]/;
/**
 * The two format characters emoji need, taken out before the check: the zero-width joiner between two emoji
 * (👨‍👩‍👧, 🏳️‍🌈, 👩🏽‍💻) and the tag characters of a subdivision flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿). Anywhere else they hide text.
 */
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}(?:\u{FE0F}|\p{Emoji_Modifier})?)\u200D(?=\p{Extended_Pictographic})/gu;
const FLAG_TAGS = /(?<=\u{1F3F4})[\u{E0020}-\u{E007E}]+\u{E007F}/gu;

/**
 * True when a multi-line text can be stored and shown as is: well-formed Unicode, no control characters but
 * tab, line feed and carriage return, nothing invisible that changes or hides what is shown.
 */
export function isSafeText(text: string): boolean {
  if (!UNSAFE_TEXT.test(text)) return true;
  return !UNSAFE_TEXT.test(text.replace(EMOJI_JOINER, '').replace(FLAG_TAGS, ''));
}

/** True for a multi-line text that has no tab, line feed or carriage return either: a name, a title, a contact. */
export function isOneLineText(text: string): boolean {
  return !LINE_BREAK.test(text) && isSafeText(text);
}

/** The first problem of a text, as the API words it, or null: the browser checks show the server's message. */
export function textProblem(text: string, lines: 'one' | 'multi' = 'one'): string | null {
  if (!isSafeText(text)) return textMessages.invalidCharacters;
  if (lines === 'one' && LINE_BREAK.test(text)) return textMessages.lineBreak;
  return null;
}

/** A date within DATE_MIN_YEAR..DATE_MAX_YEAR (a far date like +275760-09-13 is valid JavaScript but not storable). */
export function isDateInRange(date: Date): boolean {
  const year = date.getUTCFullYear();
  return !Number.isNaN(date.getTime()) && year >= DATE_MIN_YEAR && year <= DATE_MAX_YEAR;
}

/** True for a day 'YYYY-MM-DD' that exists in the calendar (2026-02-30 does not), whatever its year. */
export function isRealDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** True for a real calendar day 'YYYY-MM-DD' within DATE_MIN_YEAR..DATE_MAX_YEAR. */
export function isCalendarDay(text: string): boolean {
  return isRealDay(text) && isDateInRange(new Date(`${text}T00:00:00Z`));
}
