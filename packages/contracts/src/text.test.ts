import { describe, expect, it } from 'vitest';
import { calendarDate, isCalendarDay, isOneLineText, isSafeText, isoInstant, multiLineText, oneLineText, textMessages, textProblem } from './text';

/* Issue 33: the two text types and the date types every request field is built on (apps/server/test/contracts/text-fields.test.ts
 * proves every field uses them). */

const HIDDEN = [
  ['NUL', 'Ana\u0000'],
  ['bell', 'Ana\u0007'],
  ['escape', '\u001B[31mAna'],
  ['DEL', 'Ana\u007F'],
  ['C1 control (NEL)', 'Ana\u0085'],
  ['lone high surrogate', 'Ana\uD800'],
  ['lone low surrogate', '\uDC00Ana'],
  ['right-to-left override', 'Firmante \u202Eonu'],
  ['left-to-right embedding', '\u202AAna'],
  ['pop directional formatting', 'Ana\u202C'],
  ['isolates', 'Ana\u2066x\u2069'],
  ['first strong isolate', '\u2068Ana'],
  ['zero-width space', 'An\u200Ba'],
  ['zero-width non-joiner', 'An\u200Ca'],
  ['zero-width joiner between letters', 'An\u200Da'],
  ['left-to-right mark', 'Ana\u200E'],
  ['right-to-left mark', 'Ana\u200F'],
  ['word joiner', 'An\u2060a'],
  ['invisible plus', 'Ana\u2064'],
  ['byte order mark', '\uFEFFAna'],
  ['Arabic letter mark', 'Ana\u061C'],
  ['Mongolian vowel separator', 'Ana\u180E'],
  ['line separator', 'Ana\u2028López'],
  ['paragraph separator', 'Ana\u2029López'],
  ['soft hyphen', 'An\u00ADa'],
  ['tag characters outside a flag', 'Ana\u{E0041}\u{E0042}'],
  ['joiner after an emoji, before a letter', '🐶\u200Dx'],
] as const;

const ORDINARY = [
  'María José Núñez 🐶',
  'Ñandú, pingüino y cigüeña: ¿qué tal? ¡Bien!',
  'Familia 👨‍👩‍👧‍👦',
  'Orgullo 🏳️‍🌈 y trans 🏳️‍⚧️',
  'España 🇪🇸, México 🇲🇽',
  'Programadora 👩🏽‍💻',
  'Escocia 🏴󠁧󠁢󠁳󠁣󠁴󠁿',
  'Keycap 1️⃣',
  'Ελληνικά, русский, 日本語, עברית, العربية',
  "O'Connor-Smith",
];

describe('one-line and multi-line texts', () => {
  it.each(HIDDEN)('refuse %s in both, with the Spanish message', (_name, text) => {
    expect(isSafeText(text)).toBe(false);
    expect(isOneLineText(text)).toBe(false);
    for (const schema of [oneLineText(), multiLineText()]) {
      const result = schema.safeParse(text);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([textMessages.invalidCharacters]);
    }
    expect(textProblem(text, 'multi')).toBe(textMessages.invalidCharacters);
  });

  it.each(ORDINARY)('accept ordinary text: %s', (text) => {
    expect(oneLineText().parse(text)).toBe(text);
    expect(multiLineText().parse(text)).toBe(text);
    expect(textProblem(text)).toBeNull();
  });

  it.each(['Ana\nLópez', 'Ana\r\nLópez', 'Ana\rLópez', 'Ana\tLópez'])(
    'a line break or tab: one-line refuses it, multi-line keeps it (%j)',
    (text) => {
      const one = oneLineText().safeParse(text);
      expect(one.success).toBe(false);
      expect(one.error?.issues.map((i) => i.message)).toEqual([textMessages.lineBreak]);
      expect(textProblem(text, 'one')).toBe(textMessages.lineBreak);
      expect(multiLineText().parse(text)).toBe(text);
      expect(textProblem(text, 'multi')).toBeNull();
    },
  );

  it('keep the usual chain: trim, bounds and custom messages', () => {
    const name = oneLineText({ error: 'Escribe el nombre.' }).trim().min(1, 'Escribe el nombre.').max(5, 'Demasiado largo.');
    expect(name.parse('  Ana  ')).toBe('Ana');
    expect(name.safeParse(42).error?.issues[0]?.message).toBe('Escribe el nombre.');
    expect(name.safeParse('Anastasia').error?.issues[0]?.message).toBe('Demasiado largo.');
  });
});

describe('dates', () => {
  it.each([
    ['2026-02-30', textMessages.dateInvalid],
    ['2025-02-29', textMessages.dateInvalid],
    ['2026-13-01', textMessages.dateInvalid],
    ['2026-1-01', textMessages.dateInvalid],
    ['26-01-01', textMessages.dateInvalid],
    ['2026-01-01\u0000', textMessages.invalidCharacters],
    ['1899-12-31', textMessages.dateOutOfRange],
    ['3000-01-01', textMessages.dateOutOfRange],
    ['9999-12-31', textMessages.dateOutOfRange],
  ])('a calendar date refuses %j', (text, message) => {
    const result = calendarDate().safeParse(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([message]);
  });

  it('a calendar date accepts real days from 1900 to 2999, leap days included', () => {
    for (const day of ['1900-01-01', '2024-02-29', '2000-02-29', '2026-12-31', '2999-12-31']) {
      expect(calendarDate().parse(day)).toBe(day);
      expect(isCalendarDay(day)).toBe(true);
    }
    expect(isCalendarDay('1900-02-29')).toBe(false);
  });

  it('an instant needs its offset, a real date and a year from 1900 to 2999', () => {
    expect(isoInstant().parse('2026-03-05T10:00:00+01:00')).toBe('2026-03-05T10:00:00+01:00');
    expect(
      isoInstant()
        .safeParse('9999-12-31T10:00:00Z')
        .error?.issues.map((i) => i.message),
    ).toEqual([textMessages.dateOutOfRange]);
    expect(isoInstant().safeParse('1899-12-31T10:00:00Z').success).toBe(false);
    expect(
      isoInstant()
        .safeParse('2026-02-30T10:00:00Z')
        .error?.issues.map((i) => i.message),
    ).toEqual([textMessages.dateInvalid]);
    expect(isoInstant().safeParse('2026-03-05T10:00:00').success).toBe(false);
    expect(
      isoInstant()
        .safeParse('2026-03-05T10:00:00Z\u202E')
        .error?.issues.map((i) => i.message),
    ).toEqual([textMessages.invalidCharacters]);
  });
});
