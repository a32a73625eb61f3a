import { userSchema, type User } from '@refugio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { usersQueryKey } from './users-query-key';

/** Disables the account and ends its sessions at once; refused (409) for yourself and the last administrator. */
export async function disableUser(id: string): Promise<User> {
  return userSchema.parse(await requestJson(`/api/users/${encodeURIComponent(id)}/disable`, { method: 'POST' }));
}

export function useDisableUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
