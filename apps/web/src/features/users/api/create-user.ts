import { userSchema, type CreateUserInput, type User } from '@refugio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { usersQueryKey } from './users-query-key';

/** The password is temporary: the new user must change it at the first sign-in. */
export async function createUser(input: CreateUserInput): Promise<User> {
  return userSchema.parse(await requestJson('/api/users', { method: 'POST', json: { ...input } }));
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
