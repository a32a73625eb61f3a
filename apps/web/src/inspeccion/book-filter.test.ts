import type { RegisterBookLine } from '@refugio/contracts';
import { describe, expect, it } from 'vitest';
import { filterLines, formatDay, yearsOf } from './book-filter';

const line = (anio: number, numero: number, microchip: string | null): RegisterBookLine => ({
  anio,
  numero,
  mascotaId: numero,
  fechaEntrada: `${anio}-01-0${numero}`,
  procedencia: null,
  procedenciaDetalle: '',
  especie: 'Perro',
  raza: '',
  sexo: 'macho',
  color: '',
  microchip,
  fechaNacimiento: null,
  fechaSalida: null,
  destino: null,
  destinatario: null,
  causaMuerte: null,
  vacunas: '',
  tratamientos: '',
  veterinario: '',
  cerrada: false,
  hash: null,
  rectifica: null,
  cadena: null,
  hashAnterior: null,
});

const book = [line(2025, 1, '941000000000001'), line(2025, 2, null), line(2026, 1, '941000000000777'), line(2026, 12, '900123456789012')];

describe('the inspector’s book filter', () => {
  it('keeps a year, or every year when none is chosen', () => {
    expect(filterLines(book, '2025', '').map((l) => [l.anio, l.numero])).toEqual([
      [2025, 1],
      [2025, 2],
    ]);
    expect(filterLines(book, '', '')).toHaveLength(4);
  });

  it('finds a line by part of its microchip, spaces and case aside', () => {
    expect(filterLines(book, '', '941 000 000 000 777').map((l) => l.numero)).toEqual([1]);
    expect(filterLines(book, '', '0777').map((l) => [l.anio, l.numero])).toEqual([[2026, 1]]);
  });

  it('finds a line by its number, in every year or in the one written after a slash', () => {
    expect(filterLines(book, '', '1').map((l) => l.anio)).toEqual([2025, 2026]);
    expect(filterLines(book, '', '1/2026').map((l) => [l.anio, l.numero])).toEqual([[2026, 1]]);
    expect(filterLines(book, '', 'nº 12').map((l) => l.numero)).toEqual([12]);
    expect(filterLines(book, '2025', '12')).toEqual([]);
  });

  it('lists the years newest first and writes days as Spanish does', () => {
    expect(yearsOf(book)).toEqual([2026, 2025]);
    expect(formatDay('2026-03-05')).toBe('05/03/2026');
    expect(formatDay(null)).toBe('');
  });
});
