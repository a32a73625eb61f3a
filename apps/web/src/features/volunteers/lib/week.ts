import type { Shift } from '@refugio/contracts';

/* The week the staff calendar shows: days as 'YYYY-MM-DD' in the browser's zone (the shelter's, in practice). */

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const fromDay = (day: string) => {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
};

export const todayDay = (now = new Date()) => dayOf(now);

export function addDays(day: string, n: number): string {
  const d = fromDay(day);
  d.setDate(d.getDate() + n);
  return dayOf(d);
}

/** The Monday of the week that holds `day`. */
export function mondayOf(day: string): string {
  const weekday = fromDay(day).getDay();
  return addDays(day, weekday === 0 ? -6 : 1 - weekday);
}

/** The seven days from `monday`. */
export const weekDays = (monday: string) => Array.from({ length: 7 }, (_, i) => addDays(monday, i));

const longDay = new Intl.DateTimeFormat('es-ES', { weekday: 'long', day: 'numeric', month: 'long' });
const shortTime = new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit' });
/** 'lunes, 7 de diciembre' */
export const dayLabel = (day: string) => longDay.format(fromDay(day));
export const timeLabel = (iso: string) => shortTime.format(new Date(iso));
/** The day an instant falls on, in the browser's zone. */
export const dayOfInstant = (iso: string) => dayOf(new Date(iso));

/** The shifts of each day of the week, in order of their start. */
export function shiftsByDay(days: string[], shifts: Shift[]): Map<string, Shift[]> {
  const out = new Map(days.map((d) => [d, [] as Shift[]]));
  for (const s of [...shifts].sort((a, b) => a.inicio.localeCompare(b.inicio))) out.get(dayOfInstant(s.inicio))?.push(s);
  return out;
}

/** A shift is a gap when it has free places and has not ended. */
export const isGap = (s: Shift, now = new Date()) => s.libres > 0 && new Date(s.fin) > now;
