import type { MergePersonInput, Person } from '@refugio/contracts';
import { personFieldLabels, personTextFields } from './person-form-values';

/** The fields compared side by side when two records may be one person. */
export const mergeFields = [...personTextFields, 'roles'] as const;
export type MergeField = (typeof mergeFields)[number];
export type MergeChoice = 'esta' | 'otra';

export const mergeFieldLabels: Record<MergeField, string> = personFieldLabels;

const norm = (value: string | null) => (value ?? '').trim();

/** Whether the two records hold different values for `field` (roles as sets). */
export function mergeFieldDiffers(a: Person, b: Person, field: MergeField): boolean {
  if (field === 'roles') return [...a.roles].sort().join() !== [...b.roles].sort().join();
  return norm(a[field]) !== norm(b[field]);
}

export type MergeValues = NonNullable<MergePersonInput['valores']>;

/** By default each field keeps this record's value, unless it is empty and the other has one: nothing known is lost by accident. */
export function defaultMergeChoices(keep: Person, other: Person): Partial<Record<MergeField, MergeChoice>> {
  const choices: Partial<Record<MergeField, MergeChoice>> = {};
  for (const field of mergeFields) {
    if (field === 'roles' || !mergeFieldDiffers(keep, other, field)) continue;
    choices[field] = norm(keep[field]) === '' ? 'otra' : 'esta';
  }
  return choices;
}

/**
 * `valores` of `POST /api/personas/{id}/fusionar`: the value that stays for every field where the records differ
 * (roles are not chosen: they are not among the fields a merge takes from either record).
 */
export function mergeValues(keep: Person, other: Person, choices: Partial<Record<MergeField, MergeChoice>>): MergeValues {
  const valores: MergeValues = {};
  for (const field of mergeFields) {
    if (field === 'roles' || !mergeFieldDiffers(keep, other, field)) continue;
    const source = (choices[field] ?? 'esta') === 'otra' ? other : keep;
    Object.assign(valores, { [field]: source[field] });
  }
  return valores;
}
