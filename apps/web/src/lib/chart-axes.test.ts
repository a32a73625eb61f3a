import { describe, expect, it } from 'vitest';
import { countAxisProps, formatCountValue, formatMeasureValue } from './chart-axes';

/* Spanish number formats on charts (issue 33, section 5): whole ticks for counts, decimal commas for measures. */

describe('chart axes', () => {
  it('a count axis has whole ticks written as Spanish writes them', () => {
    expect(countAxisProps.allowDecimals).toBe(false);
    expect(countAxisProps.tickFormatter(12_500)).toBe('12.500');
    expect(formatCountValue(3)).toBe('3');
  });

  it('a measure keeps its decimals with a comma', () => {
    expect(formatMeasureValue(1.9)).toBe('1,9');
    expect(formatMeasureValue(12.25)).toBe('12,25');
    expect(formatMeasureValue(30)).toBe('30');
  });
});
