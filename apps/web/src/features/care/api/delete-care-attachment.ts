import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { careQueryKey } from './care-query-keys';

/** `DELETE /api/salud/{id}/adjuntos/{adjuntoId}`: the file leaves the record (204). */
export async function deleteCareAttachment({ recordId, attachmentId }: { recordId: number; attachmentId: number }): Promise<void> {
  await requestJson(`/api/salud/${recordId}/adjuntos/${attachmentId}`, { method: 'DELETE' });
}

export function useDeleteCareAttachment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCareAttachment, onSuccess: () => queryClient.invalidateQueries({ queryKey: careQueryKey }) });
}
