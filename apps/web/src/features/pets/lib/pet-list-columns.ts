import { CUSTOM_FIELD_KEY_PATTERN, type CustomField } from '@refugio/contracts';

/*
 * Which of the organisation's own fields the pet list shows as columns (on cards, as lines): a choice of each
 * person on each device, kept in localStorage under their user id (two people sharing a computer keep theirs).
 */

const STORAGE_PREFIX = 'refugio-admin:pet-list-columns:';

export const petListColumnsStorageKey = (userId: string) => `${STORAGE_PREFIX}${userId}`;

/** The part of `Storage` the choice needs; tests may pass a plain object. */
export type ColumnsStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** What was stored, as field keys: anything else (garbage JSON, another shape, malformed keys) is no choice at all. */
export function parsePetListColumns(raw: string | null): string[] {
  if (raw === null) return [];
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(stored)) return [];
  return [...new Set(stored.filter((key): key is string => typeof key === 'string' && CUSTOM_FIELD_KEY_PATTERN.test(key)))];
}

export function readPetListColumnsRaw(storage: ColumnsStorage | undefined, userId: string): string | null {
  try {
    return storage?.getItem(petListColumnsStorageKey(userId)) ?? null;
  } catch {
    // Storage can throw (privacy modes); the list still works without the extra columns.
    return null;
  }
}

export function savePetListColumns(storage: ColumnsStorage | undefined, userId: string, claves: readonly string[]): void {
  try {
    storage?.setItem(petListColumnsStorageKey(userId), JSON.stringify(claves));
  } catch {
    // Full or unavailable storage only costs the choice after a reload, never the columns on screen.
  }
}

/** The chosen fields that still exist and are active, in the organisation's order of the fields (not the order chosen). */
export function chosenColumnFields(fields: readonly CustomField[], claves: readonly string[]): CustomField[] {
  const chosen = new Set(claves);
  return fields.filter((field) => !field.archivado && chosen.has(field.clave));
}
