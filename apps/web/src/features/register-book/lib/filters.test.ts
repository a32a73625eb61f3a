import type { RegisterBookLine } from '@refugio/contracts';
import { describe, expect, it } from 'vitest';
import { NO_FILTERS, filterLines, readYear, speciesOf, yearsUpTo } from './filters';

const line = (over: Partial<RegisterBookLine>): RegisterBookLine => ({
  anio: 2025,
  numero: 1,
  mascotaId: 1,
  fechaEntrada: '2025-01-02',
  procedencia: 'abandono',
  procedenciaDetalle: '',
  especie: 'Perro',
  raza: '',
  sexo: 'macho',
  color: '',
  microchip: null,
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
  ...over,
});

describe('register book filters', () => {
  const lines = [
    line({ numero: 1 }),
    line({ numero: 2, especie: 'Gato', cerrada: true, hash: 'a'.repeat(64), procedencia: null }),
    line({ numero: 3, procedencia: 'rescate' }),
  ];
  it('filters by species, open or closed and origin (including "sin indicar")', () => {
    expect(filterLines(lines, NO_FILTERS).map((l) => l.numero)).toEqual([1, 2, 3]);
    expect(filterLines(lines, { ...NO_FILTERS, especie: 'Perro' }).map((l) => l.numero)).toEqual([1, 3]);
    expect(filterLines(lines, { ...NO_FILTERS, estado: 'cerrada' }).map((l) => l.numero)).toEqual([2]);
    expect(filterLines(lines, { ...NO_FILTERS, estado: 'abierta' }).map((l) => l.numero)).toEqual([1, 3]);
    expect(filterLines(lines, { ...NO_FILTERS, procedencia: 'sin_indicar' }).map((l) => l.numero)).toEqual([2]);
    expect(filterLines(lines, { ...NO_FILTERS, procedencia: 'rescate', especie: 'Perro' }).map((l) => l.numero)).toEqual([3]);
  });
  it('lists the species present, and reads the year from the address', () => {
    expect(speciesOf(lines)).toEqual(['Gato', 'Perro']);
    expect(yearsUpTo(2026, 3)).toEqual([2026, 2025, 2024]);
    expect(readYear('2024', 2026)).toBe(2024);
    expect(readYear('20261', 2026)).toBe(2026);
    expect(readYear(null, 2026)).toBe(2026);
  });
});
