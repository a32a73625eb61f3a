import { describe, expect, it } from 'vitest';
import { histogramMedian } from './dashboard.service';

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
