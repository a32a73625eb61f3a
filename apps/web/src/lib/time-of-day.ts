/*
 * Times of day as people type them ("1030", "10:30", "9.05", "9h", "10:30 pm") and publication times said in
 * words ("el martes 25 de noviembre a las 10:30"). Hours and minutes only: a publication is never set to the
 * second. Pure functions, no time zone of the device involved: the wall times are the organisation's.
 */

export interface TimeOfDay {
  hours: number;
  minutes: number;
}

const SUFFIX = /\s*(a\.?\s*m\.?|p\.?\s*m\.?|h(?:oras?|rs?)?\.?)$/i;

/**
 * Reads a time of day typed by a person, or null when it is not one (or not a whole one yet, like "10:3").
 * Digits alone: one or two are the hour ("9", "09", "10"); three or four are hour and minutes ("930", "905",
 * "1030", "0930"). With a separator (":", ".", ",", "h", "'" or a space) the minutes have two digits ("9:05",
 * "10.30", "10h30", "10 30"). "am"/"pm" turn a 1-12 hour into the 24-hour clock; "h" or "horas" may follow.
 */
export function parseTimeOfDay(text: string): TimeOfDay | null {
  let rest = text.trim().toLowerCase();
  if (rest === '') return null;
  let meridiem: 'am' | 'pm' | null = null;
  const suffix = SUFFIX.exec(rest);
  if (suffix) {
    const word = suffix[1]!.replace(/[.\s]/g, '');
    if (word === 'am' || word === 'pm') meridiem = word;
    rest = rest.slice(0, suffix.index).trim();
  }

  let hours: number;
  let minutes: number;
  const separated = /^(\d{1,2})\s*[:.,h'\s]\s*(\d{2})$/.exec(rest);
  if (separated) {
    hours = Number(separated[1]);
    minutes = Number(separated[2]);
  } else if (/^\d{1,2}$/.test(rest)) {
    hours = Number(rest);
    minutes = 0;
  } else if (/^\d{3,4}$/.test(rest)) {
    hours = Number(rest.slice(0, -2));
    minutes = Number(rest.slice(-2));
  } else {
    return null;
  }

  if (meridiem) {
    if (hours < 1 || hours > 12) return null;
    if (meridiem === 'am' && hours === 12) hours = 0;
    if (meridiem === 'pm' && hours !== 12) hours += 12;
  }
  if (hours > 23 || minutes > 59) return null;
  return { hours, minutes };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "HH:mm" (24-hour clock), what the time field shows once read. */
export function formatTimeOfDay({ hours, minutes }: TimeOfDay): string {
  return `${pad(hours)}:${pad(minutes)}`;
}

/** The times offered in the time field's list: every half hour of the day. */
export const TIME_CHOICES: readonly string[] = Array.from({ length: 48 }, (_, i) =>
  formatTimeOfDay({ hours: Math.floor(i / 2), minutes: (i % 2) * 30 }),
);

/** A wall time 'YYYY-MM-DD HH:mm[:ss]' split into its day and its time of day, or null when it is not one. */
export function splitWallTime(wallTime: string | null | undefined): { day: string; time: TimeOfDay } | null {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})/.exec(wallTime ?? '');
  if (!match) return null;
  return { day: match[1]!, time: { hours: Number(match[2]), minutes: Number(match[3]) } };
}

/** The wall time the pickers hand over: 'YYYY-MM-DD HH:mm:00' (seconds always zero). */
export function joinWallTime(day: string, time: TimeOfDay): string {
  return `${day} ${formatTimeOfDay(time)}:00`;
}

const dayWithWeekday = new Intl.DateTimeFormat('es-ES', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });
const dayWithYear = new Intl.DateTimeFormat('es-ES', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/**
 * A wall time in words, e.g. "el martes 25 de noviembre a las 10:30" ("a la 1:05" for one o'clock); the year
 * is said when it is not `currentYear`. Empty text for something that is not a wall time.
 */
export function describeWallTime(wallTime: string, currentYear: number): string {
  const parts = splitWallTime(wallTime);
  if (!parts) return '';
  const [year, month, day] = parts.day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (Number.isNaN(date.getTime()) || date.getUTCDate() !== day) return '';
  const dayText = (year === currentYear ? dayWithWeekday : dayWithYear).format(date).replace(',', '');
  const { hours, minutes } = parts.time;
  const article = hours === 1 ? 'a la' : 'a las';
  return `el ${dayText} ${article} ${hours}:${pad(minutes)}`;
}
