import { z } from 'zod';
import { CUSTOM_FIELD_TYPES, type CustomFieldValue, FIELD_VALUE_LIMITS, checkFieldValue } from './field-values';
import { PET_TYPES } from './pet-kinds';
import { multiLineText, oneLineText } from './text';

/*
 * The organisation's own fields as the pet and person contracts carry them (DESIGN section 21): what a definition
 * answers (`GET /api/campos`), the values of a save and of an answer, and the list filters `campo.<clave>`. Kept apart
 * from the definitions' inputs and the values' checker (custom-fields.ts) so that the staff app's first screen, which
 * lists pets, does not download the forms' code.
 */

export const CUSTOM_FIELD_ENTITIES = ['mascota', 'persona'] as const;
export type CustomFieldEntity = (typeof CUSTOM_FIELD_ENTITIES)[number];

export const CUSTOM_FIELD_LIMITS = {
  /** Definitions per entity, archived ones included. */
  fieldsPerEntity: 100,
  keyMaxLength: 40,
  labelMaxLength: 80,
  options: 50,
  optionMaxLength: 80,
  ...FIELD_VALUE_LIMITS,
} as const;

export const CUSTOM_FIELD_KEY_PATTERN = /^[a-z][a-z0-9_]*$/;

/** The messages the values and the filters need before any definition is at hand. */
export const customFieldValueMessages = {
  keyInvalid: 'La clave solo puede tener letras minúsculas sin acentos, números y «_», y empezar por una letra.',
  valuesInvalid: 'Los campos propios deben enviarse como un objeto { clave: valor }.',
} as const;

export const customFieldSchema = z.object({
  id: z.number().int(),
  entidad: z.enum(CUSTOM_FIELD_ENTITIES),
  clave: z.string(),
  etiqueta: z.string(),
  tipo: z.enum(CUSTOM_FIELD_TYPES),
  opciones: z.array(z.string()),
  especies: z.array(z.enum(PET_TYPES)),
  obligatorio: z.boolean(),
  publico: z.boolean(),
  sensible: z.boolean(),
  ayuda: z.string().nullable(),
  orden: z.number().int(),
  archivado: z.boolean(),
  /** How many records hold a value (the screen says why «Archivar» and not «Eliminar»). */
  usos: z.number().int(),
  version: z.number().int(),
});
export type CustomField = z.infer<typeof customFieldSchema>;

/** The part of a definition the values are checked against. */
export type CustomFieldRule = Pick<CustomField, 'clave' | 'etiqueta' | 'tipo' | 'opciones' | 'especies' | 'obligatorio' | 'archivado'>;

/**
 * One value as it travels, before its definition checks it (`checkCustomFieldValues`): a text, a number, a boolean,
 * a list of texts or `null`. Every text is a multi-line text here (a `texto_largo` may hold lines); the definition
 * refuses a line break in a `texto`.
 */
export const customFieldValueSchema = z.union(
  [
    multiLineText().max(CUSTOM_FIELD_LIMITS.longTextMaxLength),
    z.number(),
    z.boolean(),
    z.array(multiLineText().max(CUSTOM_FIELD_LIMITS.optionMaxLength)).max(CUSTOM_FIELD_LIMITS.options),
    z.null(),
  ],
  { error: customFieldValueMessages.valuesInvalid },
);

/**
 * The `campos` of a save: `{ clave: value }`, at most as many keys as an entity may have fields. A key is checked
 * against the definitions afterwards (an unknown one is refused naming it); here, only that it is a safe text.
 */
export const customFieldValuesSchema = z
  .record(multiLineText().max(CUSTOM_FIELD_LIMITS.keyMaxLength), customFieldValueSchema, { error: customFieldValueMessages.valuesInvalid })
  .refine((values) => Object.keys(values).length <= CUSTOM_FIELD_LIMITS.fieldsPerEntity, customFieldValueMessages.valuesInvalid);

/** The `campos` of a multipart save (a pet's): the same object as JSON text. */
export const customFieldValuesTextSchema = multiLineText({ error: customFieldValueMessages.valuesInvalid })
  .transform((text, ctx): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: customFieldValueMessages.valuesInvalid });
      return z.NEVER;
    }
  })
  .pipe(customFieldValuesSchema);

/** The values as an answer carries them. */
export const customFieldValuesAnswerSchema = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]))
  .describe('Los campos propios: { clave: valor } (texto, número, AAAA-MM-DD, sí/no o lista de opciones)');

/** How a list's address names a filter on one of the organisation's own fields: `campo.<clave>=<valor>`. */
export const CUSTOM_FIELD_FILTER_PREFIX = 'campo.';

/**
 * The filters `campo.<clave>=<valor>` of a list, gathered by the route (from the address's `campo.<clave>` keys) into
 * `campo: { clave: valor }`; each value is read by its field's type on the server (a number, «sí»/«no», an option…).
 */
export const customFieldFiltersSchema = z
  .record(
    oneLineText().max(CUSTOM_FIELD_LIMITS.keyMaxLength).regex(CUSTOM_FIELD_KEY_PATTERN, customFieldValueMessages.keyInvalid),
    oneLineText().trim().min(1).max(CUSTOM_FIELD_LIMITS.optionMaxLength),
  )
  .refine((filters) => Object.keys(filters).length <= 10, customFieldValueMessages.valuesInvalid)
  .describe('Filtros de campos propios: en la dirección, `campo.<clave>=<valor>` (por ejemplo campo.test_leishmania=Negativo)');

/** A query string with its `campo.<clave>` keys moved into `campo: { clave: valor }` (the rest as it was). */
export function gatherCustomFieldFilters(query: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(query).filter((key) => key.startsWith(CUSTOM_FIELD_FILTER_PREFIX));
  if (keys.length === 0) return query;
  const out: Record<string, unknown> = {};
  const campo: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (key.startsWith(CUSTOM_FIELD_FILTER_PREFIX)) campo[key.slice(CUSTOM_FIELD_FILTER_PREFIX.length)] = value;
    else out[key] = value;
  }
  out.campo = campo;
  return out;
}

/** A filter's text as the value a record keeps for the field (`undefined`: not a value of that field). */
export function customFieldFilterValue(field: Pick<CustomFieldRule, 'tipo' | 'opciones' | 'etiqueta'>, text: string): CustomFieldValue | undefined {
  if (field.tipo === 'si_no') {
    const word = text.trim().toLocaleLowerCase('es');
    if (['sí', 'si', 'true', '1'].includes(word)) return true;
    if (['no', 'false', '0'].includes(word)) return false;
    return undefined;
  }
  if (field.tipo === 'opciones') return field.opciones.includes(text) ? [text] : undefined;
  const checked = checkFieldValue(field, text);
  return 'message' in checked ? undefined : checked.value;
}
