import { CUSTOM_FIELD_LIMITS } from '@refugio/contracts';

/**
 * The key a new field's label suggests: lower case without accents, every other character as «_» (once, not at
 * the ends), starting with a letter and at most as long as a key may be. «Test de leishmania» → `test_de_leishmania`.
 */
export function suggestKey(label: string): string {
  return label
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+/, '')
    .slice(0, CUSTOM_FIELD_LIMITS.keyMaxLength)
    .replace(/_+$/, '');
}
