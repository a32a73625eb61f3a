import {
  listOrganizationRolesResponseSchema,
  type OrganizationRole,
  type OrganizationRoleInput,
  organizationRoleSchema,
  type UpdateOrganizationRoleInput,
} from '@refugio/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { usersQueryKey } from './users-query-key';

export const rolesQueryOptions = queryOptions({
  queryKey: ['roles'],
  queryFn: async ({ signal }) => listOrganizationRolesResponseSchema.parse(await requestJson('/api/roles', { signal })).items,
});

/** Every change of a role changes what the users list shows of its users too. */
function useRolesMutation<V>(mutationFn: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: rolesQueryOptions.queryKey });
      await queryClient.invalidateQueries({ queryKey: usersQueryKey });
    },
  });
}

export const useCreateRole = () =>
  useRolesMutation(async (input: OrganizationRoleInput): Promise<OrganizationRole> =>
    organizationRoleSchema.parse(await requestJson('/api/roles', { method: 'POST', json: { ...input } })),
  );

export const useUpdateRole = () =>
  useRolesMutation(async ({ id, input }: { id: number; input: UpdateOrganizationRoleInput }): Promise<OrganizationRole> =>
    organizationRoleSchema.parse(await requestJson(`/api/roles/${id}`, { method: 'PUT', json: { ...input } })),
  );

export const useDeleteRole = () =>
  useRolesMutation(async (id: number): Promise<void> => {
    await requestJson(`/api/roles/${id}`, { method: 'DELETE' });
  });
