import { messages } from '@refugio/contracts';
import { ApiError } from '../../../lib/api-client';

/** SPEC 8, word for word: the user list call failed because nobody is signed in, or for any other reason. */
export function getUsersErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.status === 401 ? messages.users.listUnauthenticated : messages.users.listError;
}
