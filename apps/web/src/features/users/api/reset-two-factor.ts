import { userSchema, type User } from '@refugio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { usersQueryKey } from './users-query-key';

/** A lost phone: forgets the person's second step and ends their sessions; they enrol again when they next sign in. */
export async function resetTwoFactor(id: string): Promise<User> {
  return userSchema.parse(await requestJson(`/api/users/${encodeURIComponent(id)}/reset-two-factor`, { method: 'POST' }));
}

export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
