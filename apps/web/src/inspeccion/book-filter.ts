import type { RegisterBookLine } from '@refugio/contracts';

/** Text without spaces or case, for comparing a microchip as it is typed ("941 000 123" finds "941000123"). */
const squeeze = (text: string) => text.toLowerCase().replace(/\s+/g, '');

/**
 * The book's lines of a year ('' for every year) that match what the inspector typed: a line's number ("12", or
 * "12/2026" for that year's line 12), or part of a microchip (four characters or more).
 */
export function filterLines(lines: readonly RegisterBookLine[], anio: string, query: string): RegisterBookLine[] {
  const q = squeeze(query);
  const number = /^(?:n\.?º?)?(\d{1,6})(?:\/(\d{4}))?$/.exec(q);
  return lines.filter((line) => {
    if (anio !== '' && String(line.anio) !== anio) return false;
    if (q === '') return true;
    if (number && Number(number[1]) === line.numero && (number[2] === undefined || Number(number[2]) === line.anio)) return true;
    // A few digits are a line's number; a microchip is searched from four characters on.
    return q.length >= 4 && line.microchip !== null && squeeze(line.microchip).includes(q);
  });
}

/** The years of the book, newest first. */
export function yearsOf(lines: readonly RegisterBookLine[]): number[] {
  return [...new Set(lines.map((line) => line.anio))].sort((a, b) => b - a);
}

/** A day 'AAAA-MM-DD' as Spanish writes it: 05/03/2026. */
export const formatDay = (day: string | null | undefined): string => (day ? day.split('-').reverse().join('/') : '');
