import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendMultipart } from '../../../lib/upload';
import { careQueryKey } from './care-query-keys';

/** `POST /api/salud/{id}/adjuntos`: one PDF, JPEG, PNG or WebP (checked by content on the server), 10 MB. */
export async function uploadCareAttachment({ recordId, file }: { recordId: number; file: File }): Promise<unknown> {
  const body = new FormData();
  body.append('file', file, file.name);
  return sendMultipart(`/api/salud/${recordId}/adjuntos`, body);
}

export function useUploadCareAttachment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadCareAttachment, onSettled: () => queryClient.invalidateQueries({ queryKey: careQueryKey }) });
}
