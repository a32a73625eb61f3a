import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { sessionQueryKey, sessionQueryOptions } from '../../../lib/session';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** The server always ends the person's other sessions and lifts the temporary-password block. */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await requestJson('/api/auth/change-password', { method: 'POST', json: { ...input } });
}

/**
 * Changes the password, then reads the session back (the answer carries a new session cookie), so the
 * guard sees the temporary-password flag cleared before the caller moves on. Whatever was cached under the
 * old session (answers refused while the password was temporary) is dropped.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: async () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      await queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
    },
  });
}
