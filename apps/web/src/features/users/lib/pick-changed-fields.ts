/**
 * The fields whose new value differs from what the form started with, so an edit sends only those and
 * does not overwrite what someone else changed meanwhile in the other fields. Values are compared after
 * the schema's clean-up (trimmed text, upper-case color), so retyping the same value is no change.
 */
export function pickChangedFields<T extends Record<string, unknown>>(values: T, original: Partial<Record<keyof T, unknown>>): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(values) as (keyof T)[]) {
    if (values[key] !== undefined && values[key] !== original[key]) changed[key] = values[key];
  }
  return changed;
}
