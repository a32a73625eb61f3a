import { userSchema, type UpdateUserInput, type User } from '@refugio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { usersQueryKey } from './users-query-key';

export interface UpdateUserVariables {
  id: string;
  changes: UpdateUserInput;
}

/** Name, lastname, rol, permisos and color; demoting the last active administrator is refused (409). */
export async function updateUser({ id, changes }: UpdateUserVariables): Promise<User> {
  const data = await requestJson(`/api/users/${encodeURIComponent(id)}`, { method: 'PATCH', json: { ...changes } });
  return userSchema.parse(data);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
