import { retriedJobSchema } from '@refugio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';

/** `POST /api/trabajos/{id}/reintentar` (administrators): a failed background job, queued again. */
export async function retryJob(id: number): Promise<{ id: number }> {
  return retriedJobSchema.parse(await requestJson(`/api/trabajos/${id}/reintentar`, { method: 'POST' }));
}

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryJob,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['pendientes'] }),
  });
}
