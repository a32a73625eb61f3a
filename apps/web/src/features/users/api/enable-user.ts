import { userSchema, type User } from '@refugio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { usersQueryKey } from './users-query-key';

/** Lets a disabled account sign in again. */
export async function enableUser(id: string): Promise<User> {
  return userSchema.parse(await requestJson(`/api/users/${encodeURIComponent(id)}/enable`, { method: 'POST' }));
}

export function useEnableUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
