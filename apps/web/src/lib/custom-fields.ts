import {
  MASK,
  checkCustomFieldValues,
  checkFieldValue,
  isEmptyValue,
  type CustomField,
  type CustomFieldValue,
  type CustomFieldValues,
} from '@refugio/contracts';

/*
 * The organisation's own fields (DESIGN section 21) as the pet and person forms use them (their definitions come from
 * custom-field-definitions.ts): the values as the forms hold them, what a save sends and what the client checks before it.
 * Shared, not a feature's: the pet and the person forms and details all need it.
 */

/** A record's own-field values (`{}` when it has none). */
export function camposOf(record: { campos?: CustomFieldValues | undefined }): CustomFieldValues {
  return record.campos ?? {};
}

/** A value as an input holds it: texts (a number as typed, «12,5»; «true»/«false»; `AAAA-MM-DD`) or a list of options. */
export type CustomFieldFormValue = string | string[];
export type CustomFieldFormValues = Record<string, CustomFieldFormValue>;

function toFormValue(value: CustomFieldValue): CustomFieldFormValue {
  if (value === null) return '';
  if (Array.isArray(value)) return [...value];
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  // A number reads with a Spanish decimal comma, as it is typed.
  if (typeof value === 'number') return String(value).replace('.', ',');
  return value;
}

/** The saved values as the form's inputs start from them (a hidden one stays `***`, and is never sent). */
export function toCustomFieldFormValues(values: CustomFieldValues): CustomFieldFormValues {
  return Object.fromEntries(Object.entries(values).map(([clave, value]) => [clave, toFormValue(value)]));
}

/** The keys whose value this role may not read (`***`): shown read-only, never sent back. */
export function maskedKeys(values: CustomFieldValues): Set<string> {
  return new Set(Object.entries(values).flatMap(([clave, value]) => (value === MASK ? [clave] : [])));
}

/** Whether a definition applies to a pet of `especie` (empty `especies`: every species; persons: always). */
export function appliesToSpecies(field: Pick<CustomField, 'especies'>, especie: string | null | undefined): boolean {
  return !especie || field.especies.length === 0 || (field.especies as readonly string[]).includes(especie);
}

/** The definitions a form shows: active ones, of the pet's species. */
export function formCustomFields(fields: readonly CustomField[], especie?: string | null): CustomField[] {
  return fields.filter((field) => !field.archivado && appliesToSpecies(field, especie));
}

interface FormContext {
  /** The pet's species (pets only). */
  especie?: string | null;
  /** The record's saved values (hidden ones included as `***`). */
  saved?: CustomFieldValues;
}

/** The shown, editable fields' values as typed ('' when empty): what the form would send, before normalising. */
function typedValues(rules: readonly CustomField[], values: CustomFieldFormValues | undefined, { especie, saved = {} }: FormContext) {
  const masked = maskedKeys(saved);
  return Object.fromEntries(
    formCustomFields(rules, especie)
      .filter((field) => !masked.has(field.clave))
      .map((field) => [field.clave, values?.[field.clave] ?? ''] as const),
  );
}

/**
 * The client mirror of the server's check: every shown field's value against its definition, a required one
 * included, each message naming the field in Spanish. Empty when all is well.
 */
export function customFieldIssues(
  rules: readonly CustomField[],
  values: CustomFieldFormValues | undefined,
  context: FormContext = {},
): { clave: string; message: string }[] {
  const result = checkCustomFieldValues(rules, typedValues(rules, values, context), {
    especie: context.especie ?? null,
    previous: context.saved ?? {},
    complete: true,
  });
  return result.ok ? [] : result.issues;
}

/**
 * The `campos` of a save: every shown, editable field (a hidden `***` one never), normalised («12,5» as 12.5,
 * «true» as true), `null` for an empty one (clears it). With `since` (the values the form started from), only the
 * fields that changed, for a save that sends changes only. Empty when there is nothing to send.
 */
export function customFieldsPayload(
  rules: readonly CustomField[],
  values: CustomFieldFormValues | undefined,
  context: FormContext & { since?: CustomFieldFormValues } = {},
): CustomFieldValues {
  const byKey = new Map(rules.map((rule) => [rule.clave, rule]));
  const payload: CustomFieldValues = {};
  for (const [clave, typed] of Object.entries(typedValues(rules, values, context))) {
    if (context.since && sameFormValue(context.since[clave], typed)) continue;
    const rule = byKey.get(clave);
    if (!rule) continue;
    if (isEmptyValue(typed)) {
      payload[clave] = null;
      continue;
    }
    const checked = checkFieldValue(rule, typed);
    payload[clave] = 'value' in checked ? checked.value : typed;
  }
  return payload;
}

/** Two form values alike ('' and a missing one, [] and a missing one, are alike). */
export function sameFormValue(a: CustomFieldFormValue | undefined, b: CustomFieldFormValue | undefined): boolean {
  const norm = (v: CustomFieldFormValue | undefined) =>
    v === undefined || v === '' || (Array.isArray(v) && v.length === 0) ? '' : JSON.stringify(v);
  return norm(a) === norm(b);
}

/** The values typed over `base`: what a reload of the record must put back on top of the newer version. */
export function editedCustomFieldValues(base: CustomFieldFormValues | undefined, typed: CustomFieldFormValues | undefined): CustomFieldFormValues {
  return Object.fromEntries(Object.entries(typed ?? {}).filter(([clave, value]) => !sameFormValue(base?.[clave], value)));
}

/** The form paths where the server's field errors of the custom fields go (`campos.<clave>`). */
export const customFieldErrorPaths = (rules: readonly CustomField[]): `campos.${string}`[] => rules.map((rule) => `campos.${rule.clave}` as const);
