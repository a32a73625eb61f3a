import { describe, expect, it } from 'vitest';
import { adoptadoLabel, formatEntryDate, yesNo } from './pet-display';

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
    expect(yesNo(true)).toBe('Sí');
    expect(yesNo(false)).toBe('No');
  });

  it('says "En adopción" only of a published pet, and "Adoptada"/"Adoptado" as the pet is', () => {
    expect(adoptadoLabel({ adoptado: false, genero: 'macho', estado: 'publicada' })).toBe('En adopción');
    expect(adoptadoLabel({ adoptado: false, genero: 'macho', estado: 'borrador' })).toBeNull();
    expect(adoptadoLabel({ adoptado: false, genero: 'hembra', estado: 'programada' })).toBeNull();
    expect(adoptadoLabel({ adoptado: true, genero: 'hembra', estado: 'publicada' })).toBe('Adoptada');
    expect(adoptadoLabel({ adoptado: true, genero: 'macho', estado: 'borrador' })).toBe('Adoptado');
  });
});
