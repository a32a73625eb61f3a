import { describe, expect, it } from 'vitest';
import { isNewsStale } from './news-age';

describe('isNewsStale', () => {
  it('highlights a home with animals and no news, or news older than 14 days', () => {
    expect(isNewsStale(null, 1, '2026-11-24')).toBe(true);
    expect(isNewsStale('2026-11-09T10:00:00.000Z', 1, '2026-11-24')).toBe(true);
    expect(isNewsStale('2026-11-10', 2, '2026-11-24')).toBe(false);
    expect(isNewsStale('2026-11-23', 1, '2026-11-24')).toBe(false);
  });

  it('never highlights a home without animals', () => {
    expect(isNewsStale(null, 0, '2026-11-24')).toBe(false);
  });
});
