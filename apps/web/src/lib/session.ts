import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@refugio/contracts';
import { requestJson } from './api-client';

export type { SessionUser };

export interface Session {
  user: SessionUser;
}

function readString(source: Record<string, unknown>, key: string): string {
  const value = source[key];
  return typeof value === 'string' ? value : '';
}

/**
 * Reads the `get-session` answer: `null` when signed out. Anything without a user id also counts as
 * signed out, so a malformed answer can never open the back-office. Structural on purpose: this runs
 * before the first screen, and zod would weigh on that download.
 */
export function parseSession(data: unknown): Session | null {
  if (typeof data !== 'object' || data === null) return null;
  const user = (data as Record<string, unknown>).user;
  if (typeof user !== 'object' || user === null) return null;
  const fields = user as Record<string, unknown>;
  const id = readString(fields, 'id');
  if (id === '') return null;
  return {
    user: {
      id,
      email: readString(fields, 'email'),
      name: readString(fields, 'name'),
      lastname: readString(fields, 'lastname'),
      role: readString(fields, 'role'),
      permisos: readString(fields, 'permisos'),
      color: readString(fields, 'color'),
      mustChangePassword: fields.mustChangePassword === true,
      twoFactorEnabled: fields.twoFactorEnabled === true,
      // The server knows (REQUIRE_TWO_FACTOR): its answers say TWO_FACTOR_REQUIRED until the enrolment is done.
      twoFactorRequired: false,
    },
  };
}

export async function getSession(signal?: AbortSignal): Promise<Session | null> {
  return parseSession(await requestJson('/api/auth/get-session', { signal }));
}

export const sessionQueryKey = ['auth', 'session'] as const;

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => getSession(signal),
  // The cookie outlives page loads; re-checking on focus notices a sign-out made in another tab.
  staleTime: 60_000,
  refetchOnWindowFocus: true,
  retry: false,
});

/** The current session; `data` is `null` when nobody is signed in. */
export function useSession() {
  return useQuery(sessionQueryOptions);
}
