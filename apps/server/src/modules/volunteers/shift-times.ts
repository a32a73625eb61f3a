import { SHIFT_HORIZON_DAYS, addDaysToDay, isDateInRange, volunteerMessages, wallTimeToInstant } from '@refugio/contracts';
import { AppError } from '../../lib/app-error';

/* Times of shifts: what staff type (local or with an offset) as instants, and the days a template covers. */

const invalid = (field: string) =>
  new AppError('VALIDATION_ERROR', { message: volunteerMessages.dateTimeInvalid, fieldErrors: { [field]: volunteerMessages.dateTimeInvalid } });

/** '2026-12-01T10:00:00' in the organisation's zone, or '2026-12-01T10:00:00+01:00' as written. */
export function shiftInstant(text: string, timeZone: string, field: string): Date {
  const hasOffset = /(Z|[+-]\d{2}:\d{2})$/.test(text);
  const instant = hasOffset ? new Date(text) : wallTimeToInstant(text, timeZone);
  if (!instant || Number.isNaN(instant.getTime()) || !isDateInRange(instant)) throw invalid(field);
  return instant;
}

/** The ISO weekday (1 = Monday ... 7 = Sunday) of a calendar day. */
export function isoWeekday(day: string): number {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/** The days from `from` to `to` (both included) that fall on one of `weekdays`. */
export function daysOfPattern(from: string, to: string, weekdays: readonly number[]): string[] {
  const out: string[] = [];
  for (let day = from; day <= to; day = addDaysToDay(day, 1)) if (weekdays.includes(isoWeekday(day))) out.push(day);
  return out;
}

/** The window a template fills on `today`: from its start (not before today) to eight weeks ahead (not after its end). */
export function templateWindow(template: { desde: string; hasta: string | null }, today: string): { from: string; to: string } | undefined {
  const from = template.desde > today ? template.desde : today;
  const horizon = addDaysToDay(today, SHIFT_HORIZON_DAYS);
  const to = template.hasta && template.hasta < horizon ? template.hasta : horizon;
  return from <= to ? { from, to } : undefined;
}
