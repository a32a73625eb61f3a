import { calendarDate, textMessages } from './text';

/* Calendar days ('YYYY-MM-DD'), as care records, birth dates and the due list use them. */

export const dayMessages = {
  dateInvalid: textMessages.dateInvalid,
} as const;

/** A calendar day 'YYYY-MM-DD' (2023-02-30 refused). */
export const calendarDaySchema = calendarDate(dayMessages.dateInvalid).describe("Día 'AAAA-MM-DD' (zona horaria de la organización)");

/** Adds `days` to a calendar day. */
export function addDaysToDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A day as Spanish writes it: '2026-03-05' -> '05/03/2026'. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}
