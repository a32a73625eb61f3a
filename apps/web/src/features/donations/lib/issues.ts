import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';

/** The first message for each field of a failed parse, keyed by its path ('mandato.referencia'). */
export function issuesByField(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The server's field errors of a failed request, or none. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError && error.fieldErrors ? { ...error.fieldErrors } : {};
}
