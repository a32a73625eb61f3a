import { errorStatus, messages, type ErrorCode } from '@refugio/contracts';
import { ApiError, NetworkError } from './api-client';

function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(errorStatus, code);
}

/**
 * The Spanish text for a failed call, for a toast or an alert. The server's own message wins (it is
 * already Spanish and specific, e.g. "es el último administrador activo"); the catalogue covers the rest.
 */
export function getErrorMessage(error: unknown): string {
  if (error instanceof NetworkError) return messages.auth.networkError;
  if (!(error instanceof ApiError)) return messages.errors.INTERNAL;
  if (error.hasServerMessage) return error.message;
  if (isErrorCode(error.code)) return messages.errors[error.code];
  return error.status >= 502 && error.status <= 504 ? messages.errors.SERVICE_UNAVAILABLE : messages.errors.INTERNAL;
}
