import { TAGS_MAX, TAG_MAX_LENGTH, normalizeTags } from '@refugio/contracts';

/**
 * `tags` travels as JSON text of a string list (SPEC section 3). The form keeps that text, so the same
 * contracts schema validates it; these helpers read and change it.
 */

/** The tags in a JSON text; anything unreadable counts as no tags. */
export function parseTagsText(text: string | null | undefined): string[] {
  if (!text || text.trim() === '') return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? normalizeTags(value.filter((t): t is string => typeof t === 'string')) : [];
  } catch {
    return [];
  }
}

export function serializeTags(tags: readonly string[]): string {
  return JSON.stringify(tags);
}

export type AddTagResult = { tags: string[]; error: null } | { tags: readonly string[]; error: string };

export const tagErrors = {
  empty: 'Escribe una etiqueta.',
  duplicate: 'Esa etiqueta ya está en la lista.',
  full: `Puedes asignar como máximo ${TAGS_MAX} etiquetas.`,
  tooLong: `Cada etiqueta puede tener como máximo ${TAG_MAX_LENGTH} caracteres.`,
} as const;

/**
 * Adds one typed tag (trimmed, spaces collapsed). Refused, with the reason, when empty, too long, already
 * present (ignoring case and accents) or when the list already holds TAGS_MAX tags.
 */
export function addTag(tags: readonly string[], input: string): AddTagResult {
  const tag = input.trim().replace(/\s+/g, ' ');
  if (tag === '') return { tags, error: tagErrors.empty };
  if (tag.length > TAG_MAX_LENGTH) return { tags, error: tagErrors.tooLong };
  const next = normalizeTags([...tags, tag]);
  if (next.length === tags.length) return { tags, error: tagErrors.duplicate };
  if (tags.length >= TAGS_MAX) return { tags, error: tagErrors.full };
  return { tags: next, error: null };
}

export function removeTag(tags: readonly string[], tag: string): string[] {
  return tags.filter((t) => t !== tag);
}

/**
 * The tags the AI proposed, as the chips will hold them: deduplicated, those longer than TAG_MAX_LENGTH
 * dropped (the save would refuse them), capped at TAGS_MAX. They replace the current chips.
 */
export function fitGeneratedTags(tags: readonly string[]): string[] {
  return normalizeTags(tags)
    .filter((tag) => tag.length <= TAG_MAX_LENGTH)
    .slice(0, TAGS_MAX);
}
