import { describe, expect, it } from 'vitest';
import { formatPhone } from './format-phone';

describe('formatPhone', () => {
  it('prints a Spanish landline and mobile as people write them', () => {
    expect(formatPhone('+34976123456')).toBe('+34 976 12 34 56');
    expect(formatPhone('+34612345678')).toBe('+34 612 34 56 78');
  });

  it('prints a foreign number in its own grouping', () => {
    expect(formatPhone('+33612345678')).toBe('+33 6 12 34 56 78');
    expect(formatPhone('+442071838750')).toBe('+44 20 7183 8750');
  });

  it('returns what it cannot read exactly as typed', () => {
    expect(formatPhone('llamar por la tarde')).toBe('llamar por la tarde');
    expect(formatPhone('976 12 34 56')).toBe('976 12 34 56');
    expect(formatPhone('+34 1')).toBe('+34 1');
    expect(formatPhone('')).toBe('');
  });
});
