import { normalizeTags } from '@refugio/contracts';

/**
 * The specification's wire encodings (SPEC section 3), read and written in one place: flags travel as
 * '0'/'1' and `tags` as the JSON text of a string list. Each feature's `api/` layer turns answers into plain
 * values with these (booleans, string lists) and requests back; components, hooks and lib code never see
 * the encodings.
 */
export type WireFlag = '0' | '1';

/** '1' is true; '0', and anything else, false. */
export function decodeFlag(flag: string): boolean {
  return flag === '1';
}

export function encodeFlag(value: boolean): WireFlag {
  return value ? '1' : '0';
}

/** The tags in a JSON text (non-strings, blanks and duplicates dropped); anything unreadable counts as no tags. */
export function decodeTags(text: string | null | undefined): string[] {
  if (!text || text.trim() === '') return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? normalizeTags(value.filter((t): t is string => typeof t === 'string')) : [];
  } catch {
    return [];
  }
}

export function encodeTags(tags: readonly string[]): string {
  return JSON.stringify(tags);
}
