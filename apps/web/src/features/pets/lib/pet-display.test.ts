import { describe, expect, it } from 'vitest';
import { adoptadoLabel, adoptedWord, countLabel, formatEntryDate, yesNo } from './pet-display';

describe('formatEntryDate', () => {
  it('shows the calendar day in Spanish, whatever the time', () => {
    expect(formatEntryDate('2024-03-05 00:00:00')).toBe('5 de marzo de 2024');
    expect(formatEntryDate('2024-12-31 23:59:59')).toBe('31 de diciembre de 2024');
  });

  it('is empty when there is no date', () => {
    expect(formatEntryDate('')).toBe('');
    expect(formatEntryDate('ayer')).toBe('');
  });
});

describe('labels', () => {
  it('names flags and counts in Spanish', () => {
    expect(adoptadoLabel('1')).toBe('Adoptado');
    expect(adoptadoLabel('0')).toBe('En adopción');
    expect(yesNo('1')).toBe('Sí');
    expect(yesNo('0')).toBe('No');
    expect(countLabel(1, 'imagen', 'imágenes')).toBe('1 imagen');
    expect(countLabel(0, 'imagen', 'imágenes')).toBe('0 imágenes');
  });
});

describe('adoptedWord', () => {
  it('agrees with the gender', () => {
    expect(adoptedWord('hembra')).toBe('adoptada');
    expect(adoptedWord('macho')).toBe('adoptado');
  });
});
