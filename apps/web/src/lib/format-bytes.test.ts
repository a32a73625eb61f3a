import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

/* File sizes as Spanish writes them (issue 33, section 5): "3,1 MB", never "3.1 MB". */

describe('formatBytes', () => {
  it.each([
    [820, '820 B'],
    [148_500, '148,5 KB'],
    [3_100_000, '3,1 MB'],
    [12_000_000, '12 MB'],
  ])('writes %d bytes as %j', (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected);
  });
});
