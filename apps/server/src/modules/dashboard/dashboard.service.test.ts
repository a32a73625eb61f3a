import { describe, expect, it } from 'vitest';
import { donorYearToCheck, histogramMedian, monthOf } from './dashboard.service';

describe('histogramMedian', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(histogramMedian([])).toBeNull();
    expect(histogramMedian([[7, 1]])).toBe(7);
    expect(
      histogramMedian([
        [10, 1],
        [30, 1],
      ]),
    ).toBe(20);
    expect(
      histogramMedian([
        [1, 3],
        [5, 1],
        [9, 1],
      ]),
    ).toBe(1);
    expect(
      histogramMedian([
        [1, 2],
        [5, 1],
        [9, 1],
      ]),
    ).toBe(3);
  });
});

describe('monthOf and donorYearToCheck', () => {
  it("bounds a day's month, across a year's end", () => {
    expect(monthOf('2026-11-27')).toEqual({ mes: '2026-11', from: '2026-11-01', until: '2026-12-01' });
    expect(monthOf('2026-12-31')).toEqual({ mes: '2026-12', from: '2026-12-01', until: '2027-01-01' });
    expect(monthOf('2027-01-01')).toEqual({ mes: '2027-01', from: '2027-01-01', until: '2027-02-01' });
  });

  it('checks the previous year only in January', () => {
    expect(donorYearToCheck('2027-01-01')).toBe(2026);
    expect(donorYearToCheck('2027-01-31')).toBe(2026);
    expect(donorYearToCheck('2027-02-01')).toBeNull();
    expect(donorYearToCheck('2026-12-31')).toBeNull();
  });
});
