import { messages } from '@refugio/contracts';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { SessionNotEstablishedError } from '../api/sign-in';

/**
 * The Spanish text a person sees when signing in fails. The server's own message wins when it sent one
 * (it is already Spanish and may say more, e.g. how long a lock-out lasts); the catalogue covers the rest.
 */
export function getSignInErrorMessage(error: unknown): string {
  if (error instanceof NetworkError) return messages.auth.networkError;
  if (error instanceof SessionNotEstablishedError) return messages.errors.INTERNAL;
  if (!(error instanceof ApiError)) return messages.errors.INTERNAL;
  if (error.hasServerMessage) return error.message;
  if (error.status === 429) return messages.auth.signInRateLimited;
  if (error.status === 401) return messages.errors.INVALID_CREDENTIALS;
  if (error.status === 403 && error.code === 'ACCOUNT_DISABLED') return messages.errors.ACCOUNT_DISABLED;
  if (error.status === 403) return messages.errors.FORBIDDEN;
  if (error.status === 503 || error.status === 502 || error.status === 504) {
    return messages.errors.SERVICE_UNAVAILABLE;
  }
  return messages.errors.INTERNAL;
}
