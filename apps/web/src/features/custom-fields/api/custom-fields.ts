import { type CustomField, type CustomFieldEntity, type CustomFieldInput, customFieldSchema, type UpdateCustomFieldInput } from '@refugio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { customFieldListSchema, customFieldsQueryKey } from '../../../lib/custom-field-definitions';

/** A change of one definition changes every list that shows it (the forms of pets and persons read them too). */
function useCustomFieldsMutation<V>(mutationFn: (variables: V) => Promise<CustomField>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customFieldsQueryKey }),
  });
}

export const useCreateCustomField = () =>
  useCustomFieldsMutation(async (input: CustomFieldInput) =>
    customFieldSchema.parse(await requestJson('/api/campos', { method: 'POST', json: { ...input } })),
  );

export const useUpdateCustomField = () =>
  useCustomFieldsMutation(async ({ id, input }: { id: number; input: UpdateCustomFieldInput }) =>
    customFieldSchema.parse(await requestJson(`/api/campos/${id}`, { method: 'PUT', json: { ...input } })),
  );

export const useArchiveCustomField = () =>
  useCustomFieldsMutation(async (id: number) => customFieldSchema.parse(await requestJson(`/api/campos/${id}/archivar`, { method: 'POST' })));

export const useRestoreCustomField = () =>
  useCustomFieldsMutation(async (id: number) => customFieldSchema.parse(await requestJson(`/api/campos/${id}/recuperar`, { method: 'POST' })));

export interface ReorderCustomFieldsVariables {
  entidad: CustomFieldEntity;
  /** The ids of the entity's fields in their new order. */
  ids: number[];
}

/**
 * `PUT /api/campos/orden`. The lists move at once and go back if the server refuses; orders are sent one after
 * the other (one mutation scope), so a quick second move never races the first.
 */
export function useReorderCustomFields() {
  const queryClient = useQueryClient();
  const listsOf = (entidad: CustomFieldEntity) => ({ queryKey: [...customFieldsQueryKey, entidad] });
  return useMutation({
    mutationFn: async ({ entidad, ids }: ReorderCustomFieldsVariables) =>
      customFieldListSchema.parse(await requestJson('/api/campos/orden', { method: 'PUT', json: { entidad, ids } })).items,
    scope: { id: 'reorder-custom-fields' },
    onMutate: async ({ entidad, ids }) => {
      await queryClient.cancelQueries(listsOf(entidad));
      const previous = queryClient.getQueriesData<CustomField[]>(listsOf(entidad));
      const position = new Map(ids.map((id, index) => [id, index]));
      const rank = (field: CustomField) => position.get(field.id) ?? ids.length + field.orden;
      queryClient.setQueriesData<CustomField[]>(listsOf(entidad), (list) => list && [...list].sort((a, b) => rank(a) - rank(b)));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      for (const [key, list] of context?.previous ?? []) queryClient.setQueryData(key, list);
    },
    // Not awaited: the toast of a refused order shows at once, with the list already back in its order.
    onSettled: (_data, _error, { entidad }) => {
      void queryClient.invalidateQueries(listsOf(entidad));
    },
  });
}
