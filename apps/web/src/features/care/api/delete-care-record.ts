import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { careQueryKey } from './care-query-keys';

/** `DELETE /api/salud/{id}`: the record leaves the pet's care (the history keeps it). */
export async function deleteCareRecord(id: number): Promise<void> {
  await requestJson(`/api/salud/${id}`, { method: 'DELETE' });
}

export function useDeleteCareRecord() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCareRecord, onSuccess: () => queryClient.invalidateQueries({ queryKey: careQueryKey }) });
}
