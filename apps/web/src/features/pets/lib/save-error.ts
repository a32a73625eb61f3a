import { petMessages } from '@refugio/contracts';
import { ApiError } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/get-error-message';

/** What the pet form shows when a save fails. */
export type SaveErrorOutcome =
  /** Someone else saved the pet meanwhile: offer to load the latest version. */
  | { kind: 'conflict'; message: string }
  /** Any other failure: a toast with the general text, and the server's own detail under it when it adds something. */
  | { kind: 'failed'; detail: string | null };

export function describeSaveError(error: unknown): SaveErrorOutcome {
  const message = getErrorMessage(error);
  // A 409 naming a field (a microchip already on another pet) is that field's error, not someone else's save.
  if (error instanceof ApiError && error.code === 'CONFLICT' && !error.fieldErrors) return { kind: 'conflict', message };
  return { kind: 'failed', detail: message === petMessages.saveErrorText ? null : message };
}
