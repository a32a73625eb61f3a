import { describe, expect, it } from 'vitest';
import type { Shift } from '@refugio/contracts';
import { addDays, isGap, mondayOf, shiftsByDay, weekDays } from './week';

const shift = (id: number, inicio: string, libres: number): Shift => ({
  id,
  tarea: 'Paseos',
  inicio,
  fin: new Date(new Date(inicio).getTime() + 3_600_000).toISOString(),
  plazas: 2,
  lugar: null,
  notas: null,
  plantillaId: null,
  apuntados: [],
  libres,
});

describe('the week of the shifts calendar', () => {
  it('starts on Monday, whatever the day', () => {
    expect(mondayOf('2026-12-06')).toBe('2026-11-30'); // a Sunday
    expect(mondayOf('2026-11-30')).toBe('2026-11-30');
    expect(mondayOf('2026-12-02')).toBe('2026-11-30');
    expect(weekDays('2026-11-30')).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('puts each shift on its day in order, and a shift with free places not yet over is a gap', () => {
    const days = weekDays('2026-11-30');
    const late = shift(1, new Date(2026, 11, 1, 17).toISOString(), 0);
    const early = shift(2, new Date(2026, 11, 1, 9).toISOString(), 1);
    const byDay = shiftsByDay(days, [late, early]);
    expect(byDay.get('2026-12-01')!.map((s) => s.id)).toEqual([2, 1]);
    expect(byDay.get('2026-11-30')).toEqual([]);
    expect(isGap(early, new Date(2026, 10, 1))).toBe(true);
    expect(isGap(late, new Date(2026, 10, 1))).toBe(false);
    expect(isGap(early, new Date(2027, 0, 1))).toBe(false);
  });
});
