import { PROCEDENCIA_SIN_INDICAR, type RegisterBookLine } from '@refugio/contracts';

/** What the screen filters the year's lines by (in the browser: a year's book is one answer). */
export interface BookFilters {
  especie: string;
  estado: '' | 'abierta' | 'cerrada';
  procedencia: string;
}

export const NO_FILTERS: BookFilters = { especie: '', estado: '', procedencia: '' };

export function filterLines(lines: readonly RegisterBookLine[], filters: BookFilters): RegisterBookLine[] {
  return lines.filter(
    (line) =>
      (!filters.especie || line.especie === filters.especie) &&
      (!filters.estado || (filters.estado === 'cerrada') === line.cerrada) &&
      (!filters.procedencia || (line.procedencia ?? PROCEDENCIA_SIN_INDICAR) === filters.procedencia),
  );
}

/** The species present in the year's lines, in alphabetical order. */
export const speciesOf = (lines: readonly RegisterBookLine[]) =>
  [...new Set(lines.map((l) => l.especie).filter(Boolean))].sort((a, b) => a.localeCompare(b, 'es'));

/** The years the select offers: this one and the fifteen before it. */
export function yearsUpTo(current: number, count = 16): number[] {
  return Array.from({ length: count }, (_, i) => current - i);
}

/** "?anio=" read from the address: a four-digit year, else this year. */
export function readYear(value: string | null, current: number): number {
  return value && /^\d{4}$/.test(value) ? Number(value) : current;
}
