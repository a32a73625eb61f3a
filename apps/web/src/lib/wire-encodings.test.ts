import { describe, expect, it } from 'vitest';
import { decodeFlag, decodeTags, encodeFlag, encodeTags } from './wire-encodings';

describe('flags', () => {
  it("reads '1' as true and '0' (or anything else) as false", () => {
    expect(decodeFlag('1')).toBe(true);
    expect(decodeFlag('0')).toBe(false);
    for (const other of ['', 'true', ' 1', '2']) expect(decodeFlag(other)).toBe(false);
  });

  it("writes '1' and '0'", () => {
    expect(encodeFlag(true)).toBe('1');
    expect(encodeFlag(false)).toBe('0');
  });
});

describe('tags', () => {
  it('reads the JSON text of a string list and writes it back', () => {
    expect(decodeTags('["juguetón","tranquilo"]')).toEqual(['juguetón', 'tranquilo']);
    expect(decodeTags(encodeTags(['a', 'b']))).toEqual(['a', 'b']);
    expect(encodeTags([])).toBe('[]');
  });

  it('treats empty or malformed text as no tags', () => {
    for (const text of ['', '  ', null, undefined, 'no es json', '["sin cerrar"', '{"a":1}', '3', 'null']) expect(decodeTags(text)).toEqual([]);
  });

  it('drops non-strings, blanks and duplicates', () => {
    expect(decodeTags('["a", 3, null, " ", "A", "b "]')).toEqual(['a', 'b']);
  });
});
