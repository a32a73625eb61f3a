import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';

describe('formatDate', () => {
  it('writes an ISO timestamp as a Spanish date', () => {
    // Midday, so the date is the same in every time zone the tests may run in.
    expect(formatDate('2025-03-05T12:00:00.000Z')).toBe('5 mar 2025');
    expect(formatDate('2024-12-24T12:00:00.000Z')).toBe('24 dic 2024');
  });

  it('gives empty text for a missing or invalid value', () => {
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('ayer')).toBe('');
  });
});
