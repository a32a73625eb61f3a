import { describe, expect, it } from 'vitest';
import { addMonths, periodStartOn } from '../../src/modules/donations/fee-periods';

describe('fee periods', () => {
  it('adds calendar months, on the month end when the day does not exist', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2027-01-31', 2)).toBe('2027-03-31');
    expect(addMonths('2027-11-15', 3)).toBe('2028-02-15');
  });

  it('finds the period a day falls in, counted from the start, never before it nor after the leave', () => {
    const monthly = { periodicidad: 'mensual' as const, desde: '2027-01-31', hasta: null };
    expect(periodStartOn(monthly, '2027-01-30')).toBeNull();
    expect(periodStartOn(monthly, '2027-01-31')).toBe('2027-01-31');
    expect(periodStartOn(monthly, '2027-02-27')).toBe('2027-01-31');
    expect(periodStartOn(monthly, '2027-02-28')).toBe('2027-02-28');
    expect(periodStartOn(monthly, '2027-03-30')).toBe('2027-02-28');
    expect(periodStartOn(monthly, '2027-03-31')).toBe('2027-03-31');
    const quarterly = { periodicidad: 'trimestral' as const, desde: '2027-01-15', hasta: '2027-12-31' };
    expect(periodStartOn(quarterly, '2027-04-14')).toBe('2027-01-15');
    expect(periodStartOn(quarterly, '2027-04-15')).toBe('2027-04-15');
    expect(periodStartOn(quarterly, '2027-12-31')).toBe('2027-10-15');
    expect(periodStartOn(quarterly, '2028-01-01')).toBeNull();
    expect(periodStartOn({ periodicidad: 'semestral', desde: '2027-03-01', hasta: null }, '2028-02-29')).toBe('2027-09-01');
    expect(periodStartOn({ periodicidad: 'anual', desde: '2027-03-01', hasta: null }, '2029-02-28')).toBe('2028-03-01');
  });
});
