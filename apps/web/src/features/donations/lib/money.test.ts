import { describe, expect, it } from 'vitest';
import { fiscalYears, formatCents } from './money';

describe('formatCents', () => {
  it('writes integer cents as Spanish euros, exactly', () => {
    expect(formatCents(123456)).toBe('1.234,56 €');
    expect(formatCents(29)).toBe('0,29 €');
    expect(formatCents(5)).toBe('0,05 €');
    expect(formatCents(100_000_000)).toBe('1.000.000,00 €');
    // 0.1 + 0.2 in floats is 0.30000000000000004: cents never go through that.
    expect(formatCents(10 + 20)).toBe('0,30 €');
    expect(formatCents(-1250)).toBe('-12,50 €');
  });
});

describe('fiscalYears', () => {
  it('runs from the current year down to 2000', () => {
    const years = fiscalYears(2026);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(2000);
    expect(years).toHaveLength(27);
  });
});
