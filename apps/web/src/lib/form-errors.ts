import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/** The server's field errors (`fieldErrors` of an ApiError) that name one of `fields`. */
export function pickFieldErrors<F extends string>(error: unknown, fields: readonly F[]): Partial<Record<F, string>> {
  const picked: Partial<Record<F, string>> = {};
  if (!(error instanceof ApiError) || !error.fieldErrors) return picked;
  for (const field of fields) {
    const message = error.fieldErrors[field];
    if (message) picked[field] = message;
  }
  return picked;
}

/**
 * Shows the server's field errors under the form's own fields (e.g. a duplicate e-mail), focusing the first.
 * Returns false when none of them belongs to the form, so the caller shows the error another way.
 */
export function setServerFieldErrors<T extends FieldValues>(error: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>): boolean {
  const entries = Object.entries(pickFieldErrors(error, fields)) as [Path<T>, string][];
  entries.forEach(([field, message], index) => setError(field, { type: 'server', message }, { shouldFocus: index === 0 }));
  return entries.length > 0;
}
