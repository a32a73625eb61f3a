import { type StaffNotices, staffNoticesSchema } from '@refugio/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';

const noticesKey = ['cuenta', 'avisos'] as const;

/** `GET /api/cuenta/avisos`: whether the signed-in member of staff is told by e-mail of new work. */
export function useStaffNotices() {
  return useQuery({
    queryKey: noticesKey,
    queryFn: async ({ signal }) => staffNoticesSchema.parse(await requestJson('/api/cuenta/avisos', { signal })),
  });
}

/** `PUT /api/cuenta/avisos`. */
export function useSaveStaffNotices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (next: StaffNotices) => staffNoticesSchema.parse(await requestJson('/api/cuenta/avisos', { method: 'PUT', json: { ...next } })),
    onSuccess: (saved) => queryClient.setQueryData(noticesKey, saved),
  });
}
