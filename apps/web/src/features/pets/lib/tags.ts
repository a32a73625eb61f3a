import { TAGS_MAX, TAG_MAX_LENGTH, normalizeTags } from '@refugio/contracts';
import { decodeTags, encodeTags } from '../../../lib/wire-encodings';

/**
 * The form's `tags` field holds the request's JSON text of a string list (SPEC section 3), so the same
 * contracts schema validates it; these read and change it with the one decoder (lib/wire-encodings.ts).
 */

/** The tags in the form's JSON text; anything unreadable counts as no tags. */
export const parseTagsText = decodeTags;

export const serializeTags = encodeTags;

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
