import { z } from 'zod';
import {
  CUSTOM_FIELD_TYPES,
  type CustomFieldType,
  type CustomFieldValues,
  checkFieldValue,
  fieldValueMessages,
  isChoiceType,
  isEmptyValue,
} from './field-values';
import {
  CUSTOM_FIELD_ENTITIES,
  CUSTOM_FIELD_KEY_PATTERN,
  CUSTOM_FIELD_LIMITS,
  type CustomFieldEntity,
  type CustomFieldRule,
  customFieldValueMessages,
} from './custom-field-values';
import { PET_TYPES } from './pet-kinds';
import { multiLineText, oneLineText } from './text';

export * from './custom-field-values';
export * from './field-values';

/*
 * The organisation's own fields on pets and persons (DESIGN section 21): a definition (`GET|POST /api/campos`,
 * `PUT /api/campos/{id}`, `POST /api/campos/{id}/archivar`) and the values, which travel as
 * `campos: { [clave]: value }` in the pet's and the person's answers and saves. The server checks every value against
 * its definition with `checkCustomFieldValues`; the forms run the same function to mirror it.
 */

export const customFieldMessages = {
  entityInvalid: 'La entidad debe ser «mascota» o «persona».',
  keyRequired: 'La clave del campo es obligatoria.',
  keyTooLong: `La clave no puede superar los ${CUSTOM_FIELD_LIMITS.keyMaxLength} caracteres.`,
  keyTaken: 'Ya existe un campo con esa clave. Las claves no se reutilizan, ni las de campos archivados.',
  keyFixed: 'La clave de un campo no cambia nunca: sus valores se guardan con ella.',
  labelRequired: 'El nombre del campo es obligatorio.',
  labelTooLong: `El nombre del campo no puede superar los ${CUSTOM_FIELD_LIMITS.labelMaxLength} caracteres.`,
  typeInvalid: 'El tipo debe ser texto, texto_largo, numero, fecha, si_no, opcion u opciones.',
  typeFixed: 'El tipo de un campo no cambia una vez creado. Archiva este y crea otro.',
  optionsRequired: 'Una lista de opciones necesita al menos dos opciones.',
  optionsNotAllowed: 'Solo los campos de opciones tienen lista de opciones.',
  optionInvalid: `Cada opción debe tener entre 1 y ${CUSTOM_FIELD_LIMITS.optionMaxLength} caracteres.`,
  optionsTooMany: `Un campo no puede tener más de ${CUSTOM_FIELD_LIMITS.options} opciones.`,
  optionsRepeated: 'Hay opciones repetidas.',
  optionRemovedInUse: (option: string) =>
    `La opción «${option}» ya está elegida en alguna ficha: no se puede quitar (sí cambiar el campo a archivado).`,
  speciesInvalid: `Las especies deben ser ${PET_TYPES.join(', ')}.`,
  speciesOnlyPets: 'Solo los campos de animales se limitan por especie.',
  publicOnlyPets: 'Solo los campos de animales se muestran en el catálogo público.',
  sensitiveOnlyPersons: 'Solo los campos de personas pueden ser sensibles.',
  tooMany: `No se pueden tener más de ${CUSTOM_FIELD_LIMITS.fieldsPerEntity} campos propios por entidad.`,
  versionRequired: 'Falta la versión del campo.',
  staleVersion: 'Otra persona ha guardado este campo mientras lo editabas. Recarga y vuelve a intentarlo.',
  notFound: 'No existe un campo propio con ese identificador.',
  alreadyArchived: 'Este campo ya está archivado.',
  created: 'Campo creado.',
  saved: 'Campo guardado.',
  archived: 'Campo archivado: sus valores se conservan y deja de aparecer en los formularios.',
  restored: 'Campo recuperado.',
  reordered: 'Orden guardado.',
  // The values, each naming its field by the label the screen shows.
  ...customFieldValueMessages,
  unknownField: (clave: string) => `«${clave}» no es un campo propio de esta ficha.`,
  archivedField: (label: string) => `El campo «${label}» está archivado: ya no se puede cambiar.`,
  otherSpecies: (label: string, species: string) => `El campo «${label}» no es de la especie ${species}.`,
  filterInvalid: (label: string, value: string) => `«${value}» no es un valor del campo «${label}».`,
  ...fieldValueMessages,
} as const;

const claveSchema = oneLineText({ error: customFieldMessages.keyRequired })
  .min(1, customFieldMessages.keyRequired)
  .max(CUSTOM_FIELD_LIMITS.keyMaxLength, customFieldMessages.keyTooLong)
  .regex(CUSTOM_FIELD_KEY_PATTERN, customFieldMessages.keyInvalid);

const etiquetaSchema = oneLineText({ error: customFieldMessages.labelRequired })
  .trim()
  .min(1, customFieldMessages.labelRequired)
  .max(CUSTOM_FIELD_LIMITS.labelMaxLength, customFieldMessages.labelTooLong);

const opcionesSchema = z
  .array(
    oneLineText({ error: customFieldMessages.optionInvalid })
      .trim()
      .min(1, customFieldMessages.optionInvalid)
      .max(CUSTOM_FIELD_LIMITS.optionMaxLength, customFieldMessages.optionInvalid),
    {
      error: customFieldMessages.optionsRequired,
    },
  )
  .max(CUSTOM_FIELD_LIMITS.options, customFieldMessages.optionsTooMany)
  .refine((options) => new Set(options.map((o) => o.toLocaleLowerCase('es'))).size === options.length, customFieldMessages.optionsRepeated);

const especiesSchema = z
  .array(z.enum(PET_TYPES, { error: customFieldMessages.speciesInvalid }), { error: customFieldMessages.speciesInvalid })
  .max(PET_TYPES.length);

/** The rules between a definition's parts (options for the choice types only, species and public for pets only…). */
function checkDefinitionShape(
  def: { entidad: CustomFieldEntity; tipo: CustomFieldType; opciones?: string[]; especies?: string[]; publico?: boolean; sensible?: boolean },
  ctx: z.RefinementCtx,
) {
  const choice = isChoiceType(def.tipo);
  if (choice && (def.opciones?.length ?? 0) < 2) ctx.addIssue({ code: 'custom', path: ['opciones'], message: customFieldMessages.optionsRequired });
  if (!choice && (def.opciones?.length ?? 0) > 0)
    ctx.addIssue({ code: 'custom', path: ['opciones'], message: customFieldMessages.optionsNotAllowed });
  if (def.entidad !== 'mascota' && (def.especies?.length ?? 0) > 0)
    ctx.addIssue({ code: 'custom', path: ['especies'], message: customFieldMessages.speciesOnlyPets });
  if (def.entidad !== 'mascota' && def.publico) ctx.addIssue({ code: 'custom', path: ['publico'], message: customFieldMessages.publicOnlyPets });
  if (def.entidad !== 'persona' && def.sensible)
    ctx.addIssue({ code: 'custom', path: ['sensible'], message: customFieldMessages.sensitiveOnlyPersons });
}

const definitionBody = z.object({
  entidad: z.enum(CUSTOM_FIELD_ENTITIES, { error: customFieldMessages.entityInvalid }),
  clave: claveSchema.describe('a-z, 0-9 y _; única por entidad; no cambia nunca'),
  etiqueta: etiquetaSchema,
  tipo: z.enum(CUSTOM_FIELD_TYPES, { error: customFieldMessages.typeInvalid }),
  opciones: opcionesSchema.optional(),
  especies: especiesSchema.optional().describe('Solo animales: las especies que lo tienen (vacío: todas)'),
  obligatorio: z.boolean().default(false),
  publico: z.boolean().default(false).describe('Solo animales: se muestra en el catálogo público'),
  sensible: z.boolean().default(false).describe('Solo personas: se enmascara como la identidad para los roles que enmascaran'),
  ayuda: multiLineText().trim().max(300).optional().describe('Un texto de ayuda bajo la casilla'),
});

export const customFieldInputSchema = definitionBody.superRefine(checkDefinitionShape);
export type CustomFieldInput = z.infer<typeof customFieldInputSchema>;

/**
 * An edit: label, options, species, flags and help; `clave`, `entidad` and `tipo` stay (sent, they must be equal:
 * the service refuses a change with `keyFixed` / `typeFixed`).
 */
export const updateCustomFieldInputSchema = definitionBody.omit({ clave: true, entidad: true, tipo: true }).extend({
  clave: claveSchema.optional(),
  tipo: z.enum(CUSTOM_FIELD_TYPES, { error: customFieldMessages.typeInvalid }).optional(),
  version: z.number({ error: customFieldMessages.versionRequired }).int().min(1, customFieldMessages.versionRequired),
});
export type UpdateCustomFieldInput = z.infer<typeof updateCustomFieldInputSchema>;

/** `PUT /api/campos/orden`: the ids of one entity's fields in their new order. */
export const reorderCustomFieldsInputSchema = z.object({
  entidad: z.enum(CUSTOM_FIELD_ENTITIES, { error: customFieldMessages.entityInvalid }),
  ids: z.array(z.number().int().min(1)).max(CUSTOM_FIELD_LIMITS.fieldsPerEntity),
});

export const customFieldIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const customFieldListQuerySchema = z.object({
  entidad: z.enum(CUSTOM_FIELD_ENTITIES, { error: customFieldMessages.entityInvalid }).optional(),
  archivados: z.enum(['true', 'false']).optional(),
});

export interface CustomFieldIssue {
  clave: string;
  message: string;
}

/**
 * Checks the `campos` of a save against the entity's definitions and gives the values to keep, or the issues, each
 * naming its field in Spanish. `previous` are the values the record has: a field left out keeps its value, an
 * archived field keeps its value (and refuses a change), `null` or an empty value clears one that is not required.
 * `especie` (pets) limits the fields to those of the species; a required field is checked only when `complete`
 * (a new record, or a whole save), never on a partial one.
 */
export function checkCustomFieldValues(
  rules: readonly CustomFieldRule[],
  sent: Readonly<Record<string, unknown>> | undefined,
  options: { previous?: Readonly<CustomFieldValues>; especie?: string | null; complete?: boolean } = {},
): { ok: true; values: CustomFieldValues } | { ok: false; issues: CustomFieldIssue[] } {
  const previous = options.previous ?? {};
  const byKey = new Map(rules.map((r) => [r.clave, r]));
  const appliesTo = (rule: CustomFieldRule) =>
    !options.especie || rule.especies.length === 0 || rule.especies.includes(options.especie as (typeof PET_TYPES)[number]);
  const values: CustomFieldValues = { ...previous };
  const issues: CustomFieldIssue[] = [];
  for (const [clave, value] of Object.entries(sent ?? {})) {
    const rule = byKey.get(clave);
    if (!rule) {
      issues.push({ clave, message: customFieldMessages.unknownField(clave) });
      continue;
    }
    if (rule.archivado) {
      if (JSON.stringify(value ?? null) !== JSON.stringify(previous[clave] ?? null))
        issues.push({ clave, message: customFieldMessages.archivedField(rule.etiqueta) });
      continue;
    }
    if (!appliesTo(rule)) {
      if (!isEmptyValue(value)) issues.push({ clave, message: customFieldMessages.otherSpecies(rule.etiqueta, options.especie ?? '') });
      continue;
    }
    if (isEmptyValue(value)) {
      delete values[clave];
      continue;
    }
    const checked = checkFieldValue(rule, value);
    if ('message' in checked) issues.push({ clave, message: checked.message });
    else values[clave] = checked.value;
  }
  for (const rule of rules) {
    if (!rule.obligatorio || rule.archivado || !appliesTo(rule)) continue;
    const missing = sent && rule.clave in sent ? isEmptyValue(sent[rule.clave]) : options.complete === true && isEmptyValue(values[rule.clave]);
    if (missing && !issues.some((i) => i.clave === rule.clave))
      issues.push({ clave: rule.clave, message: customFieldMessages.required(rule.etiqueta) });
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, values };
}
