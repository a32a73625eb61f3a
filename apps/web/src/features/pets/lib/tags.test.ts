import { TAGS_MAX, TAG_MAX_LENGTH } from '@refugio/contracts';
import { describe, expect, it } from 'vitest';
import { addTag, parseTagsText, removeTag, serializeTags, fitGeneratedTags, tagErrors } from './tags';

describe('parseTagsText / serializeTags', () => {
  it('reads the JSON text of a string list', () => {
    expect(parseTagsText('["juguetón","tranquilo"]')).toEqual(['juguetón', 'tranquilo']);
    expect(parseTagsText(serializeTags(['a', 'b']))).toEqual(['a', 'b']);
  });

  it('treats empty or malformed text as no tags', () => {
    for (const text of ['', '  ', null, undefined, 'no es json', '{"a":1}', '3']) expect(parseTagsText(text)).toEqual([]);
  });

  it('drops non-strings, blanks and duplicates', () => {
    expect(parseTagsText('["a", 3, " ", "A", "b "]')).toEqual(['a', 'b']);
  });
});

describe('addTag', () => {
  it('adds a trimmed tag at the end', () => {
    expect(addTag(['dócil'], '  muy   activo ')).toEqual({ tags: ['dócil', 'muy activo'], error: null });
  });

  it('refuses empty text and duplicates (ignoring case and accents)', () => {
    expect(addTag(['a'], '   ')).toEqual({ tags: ['a'], error: tagErrors.empty });
    expect(addTag(['Dócil'], 'docil')).toEqual({ tags: ['Dócil'], error: tagErrors.duplicate });
  });

  it(`caps the list at ${TAGS_MAX}`, () => {
    const full = Array.from({ length: TAGS_MAX }, (_, i) => `t${i}`);
    const result = addTag(full, 'otra');
    expect(result.error).toBe(tagErrors.full);
    expect(result.tags).toHaveLength(TAGS_MAX);
    expect(addTag(full.slice(1), 'otra').tags).toHaveLength(TAGS_MAX);
  });

  it('refuses tags that are too long', () => {
    expect(addTag([], 'x'.repeat(41)).error).toBe(tagErrors.tooLong);
  });
});

describe('removeTag', () => {
  it('removes exactly that tag', () => {
    expect(removeTag(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
    expect(removeTag(['a'], 'z')).toEqual(['a']);
  });
});

describe('fitGeneratedTags', () => {
  it('drops blanks, duplicates and tags longer than the limit, and keeps at most TAGS_MAX', () => {
    expect(fitGeneratedTags(['Cariñosa', ' ', 'cariñosa', 'x'.repeat(TAG_MAX_LENGTH + 1), 'Tranquila '])).toEqual(['Cariñosa', 'Tranquila']);
    expect(fitGeneratedTags(Array.from({ length: 14 }, (_, i) => `t${i}`))).toHaveLength(TAGS_MAX);
  });
});
