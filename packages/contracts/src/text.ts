import { z } from 'zod';
import { isCalendarDay, isDateInRange, isRealDay, isSafeText, textMessages } from './safe-text';
export * from './safe-text';

const LINE_BREAK = /[\t\n\r]/;
/** The refinement every one-line text carries (the contracts test finds it by identity). */
export const hasNoLineBreak = (text: string): boolean => !LINE_BREAK.test(text);

/** A field's own words for the two refusals (a password says «contraseña»). */
export type TextMessages = { invalidCharacters?: string; lineBreak?: string };

/**
 * `z.string()` for a text that may have several lines (a description, a note, a message's body): refuses
 * control characters but tab, line feed and carriage return, bidi overrides and invisible characters, and lone
 * surrogates, with a Spanish message. Chain `.trim()`, `.min()`, `.max()`… as usual.
 */
export function multiLineText(params?: Parameters<typeof z.string>[0], messages: TextMessages = {}) {
  return z.string(params).refine(isSafeText, { message: messages.invalidCharacters ?? textMessages.invalidCharacters, abort: true });
}

/**
 * `z.string()` for every one-line text the API takes (a name, a title, a contact, an address, a subject, and the
 * base of identifiers, e-mails, phones, dates and links): a multi-line text without tab, line feed or carriage return.
 */
export function oneLineText(params?: Parameters<typeof z.string>[0], messages: TextMessages = {}) {
  return multiLineText(params, messages).refine(hasNoLineBreak, { message: messages.lineBreak ?? textMessages.lineBreak, abort: true });
}

/** @deprecated Say which: `oneLineText()` or `multiLineText()`. Kept as the multi-line text it always was. */
export const safeText = multiLineText;

/** A calendar day 'YYYY-MM-DD' that exists (2026-02-30 does not), within DATE_MIN_YEAR..DATE_MAX_YEAR. */
export function calendarDate(message: string = textMessages.dateInvalid) {
  return oneLineText({ error: message }).trim().refine(isRealDay, { message, abort: true }).refine(isCalendarDay, textMessages.dateOutOfRange);
}

/** An ISO 8601 instant with its offset ('2026-03-05T10:00:00+01:00'), a real date within the years the API stores. */
export function isoInstant(message: string = textMessages.dateInvalid) {
  return oneLineText({ error: message })
    .pipe(z.iso.datetime({ offset: true, error: message }))
    .refine((value) => isDateInRange(new Date(value)), textMessages.dateOutOfRange);
}
