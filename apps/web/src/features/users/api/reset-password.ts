import { userSchema, type User } from '@refugio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { usersQueryKey } from './users-query-key';

export interface ResetPasswordVariables {
  id: string;
  password: string;
}

/** Sets a temporary password: the user's sessions end and they must choose their own at the next sign-in. */
export async function resetUserPassword({ id, password }: ResetPasswordVariables): Promise<User> {
  const data = await requestJson(`/api/users/${encodeURIComponent(id)}/reset-password`, {
    method: 'POST',
    json: { password },
  });
  return userSchema.parse(data);
}

export function useResetUserPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUserPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
