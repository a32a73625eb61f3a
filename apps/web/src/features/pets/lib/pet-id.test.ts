import { describe, expect, it } from 'vitest';
import { parsePetId } from './pet-id';

describe('parsePetId', () => {
  it('accepts positive whole numbers', () => {
    expect(parsePetId('1')).toBe(1);
    expect(parsePetId('2147483647')).toBe(2147483647);
  });

  it('refuses what is not a usable id', () => {
    for (const raw of [undefined, '', '0', '-3', '1.5', 'abc', '12abc', ' 4', '2147483648', '99999999999']) {
      expect(parsePetId(raw)).toBeNull();
    }
  });
});
