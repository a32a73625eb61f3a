import { describe, expect, it } from 'vitest';
import { addMonthsToDay, parseFollowupDays, planFollowups, reminderDay } from './followups';

describe('follow-up date rules', () => {
  it('plans one check-in per configured day after the adoption', () => {
    const plan = planFollowups('2026-03-01', [3, 21, 90], { esterilizado: 'si', fechaNacimiento: null, microchip: null });
    expect(plan).toEqual([
      { tipo: 'seguimiento', vence: '2026-03-04' },
      { tipo: 'seguimiento', vence: '2026-03-22' },
      { tipo: 'seguimiento', vence: '2026-05-30' },
    ]);
  });

  it('plans sterilisation only when the pet is not known to be sterilised: 60 days, or when it is 6 months old if later', () => {
    const facts = { microchip: null };
    expect(planFollowups('2026-03-01', [], { ...facts, esterilizado: 'si', fechaNacimiento: null })).toEqual([]);
    expect(planFollowups('2026-03-01', [], { ...facts, esterilizado: 'no', fechaNacimiento: null })).toEqual([
      { tipo: 'esterilizacion', vence: '2026-04-30' },
    ]);
    expect(planFollowups('2026-03-01', [], { ...facts, esterilizado: 'desconocido', fechaNacimiento: '2020-01-01' })).toEqual([
      { tipo: 'esterilizacion', vence: '2026-04-30' },
    ]);
    // A puppy born on 31 January 2026 is six months old on 31 July, later than 60 days after the adoption.
    expect(planFollowups('2026-03-01', [], { ...facts, esterilizado: 'no', fechaNacimiento: '2026-01-31' })).toEqual([
      { tipo: 'esterilizacion', vence: '2026-07-31' },
    ]);
  });

  it('plans the microchip change of owner 30 days after the adoption when the pet has a microchip', () => {
    expect(planFollowups('2026-12-15', [], { esterilizado: 'si', fechaNacimiento: null, microchip: '941000024680135' })).toEqual([
      { tipo: 'cambio_titularidad_microchip', vence: '2027-01-14' },
    ]);
  });

  it('adds months keeping the end of shorter months', () => {
    expect(addMonthsToDay('2025-08-31', 6)).toBe('2026-02-28');
    expect(addMonthsToDay('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonthsToDay('2026-07-15', 6)).toBe('2027-01-15');
  });

  it('reminds 7 days before the due date', () => {
    expect(reminderDay('2026-03-05')).toBe('2026-02-26');
  });

  it('accepts positive ascending days, at most 10', () => {
    expect(parseFollowupDays('3,21,90')).toEqual({ ok: true, days: [3, 21, 90] });
    expect(parseFollowupDays(' 1, 2 ')).toEqual({ ok: true, days: [1, 2] });
    for (const bad of ['', '0,3', '3,-1', '3,2', '3,3', 'a', '1.5', '1,2,3,4,5,6,7,8,9,10,11']) expect(parseFollowupDays(bad).ok).toBe(false);
  });
});
