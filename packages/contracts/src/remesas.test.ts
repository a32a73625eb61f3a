import { describe, expect, it } from 'vitest';
import { collectionDayProblem, earliestCollectionDay, easterSunday, isTarget2BusinessDay, nextBusinessDay, target2Holiday } from './remesas';

describe('the TARGET2 calendar of collection days', () => {
  it('finds Easter Sunday (Gregorian computus)', () => {
    expect([2024, 2025, 2026, 2027, 2028, 2030].map(easterSunday)).toEqual([
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
      '2027-03-28',
      '2028-04-16',
      '2030-04-21',
    ]);
  });

  it('names the six TARGET2 holidays and refuses weekends', () => {
    expect(['2027-01-01', '2027-03-26', '2027-03-29', '2027-05-01', '2027-12-25', '2027-12-26'].map(target2Holiday)).toEqual([
      'Año Nuevo',
      'Viernes Santo',
      'Lunes de Pascua',
      'Día del Trabajo',
      'Navidad',
      'San Esteban',
    ]);
    expect(isTarget2BusinessDay('2026-12-05')).toBe(false); // Saturday
    expect(isTarget2BusinessDay('2026-12-07')).toBe(true);
    expect(isTarget2BusinessDay('2026-12-08')).toBe(true); // a Spanish holiday, not a TARGET2 one
    expect(nextBusinessDay('2026-12-24')).toBe('2026-12-28');
  });

  it('wants two business days from today and names the day that would do', () => {
    expect(earliestCollectionDay('2026-12-01')).toBe('2026-12-03');
    expect(earliestCollectionDay('2026-12-23')).toBe('2026-12-28');
    expect(collectionDayProblem('2026-12-02', '2026-12-01')).toMatch(/como pronto el 3 de diciembre de 2026/);
    expect(collectionDayProblem('2026-12-25', '2026-12-01')).toBe(
      'El 25 de diciembre de 2026 es festivo para los bancos (Navidad): los bancos solo cobran en días hábiles. Elige otro día; el siguiente hábil es el 28 de diciembre de 2026.',
    );
    expect(collectionDayProblem('2026-12-03', '2026-12-01')).toBeNull();
    expect(collectionDayProblem('2026-11-30', '2026-12-01')).toBe('La fecha de cobro no puede ser anterior a hoy.');
  });
});
