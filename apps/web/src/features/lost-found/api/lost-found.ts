import { type StaffReportsQuery, lostFoundReportSchema, reportCandidatesResponseSchema, staffReportsResponseSchema } from '@refugio/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';

export const reportsKey = ['avisos'] as const;

/** `GET /api/avisos?estado=&tipo=&especie=`: newest first. */
export function useReports(filter: StaffReportsQuery) {
  const query = Object.fromEntries(Object.entries(filter).filter(([, v]) => v)) as Record<string, string>;
  return useQuery({
    queryKey: [...reportsKey, 'lista', query],
    queryFn: async ({ signal }) => staffReportsResponseSchema.parse(await requestJson('/api/avisos', { query, signal })),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/avisos/{id}`. */
export function useReport(id: number) {
  return useQuery({
    queryKey: [...reportsKey, id],
    queryFn: async ({ signal }) => lostFoundReportSchema.parse(await requestJson(`/api/avisos/${id}`, { signal })),
  });
}

/** `GET /api/avisos/{id}/coincidencias`: the ranked candidates. */
export function useCandidates(id: number) {
  return useQuery({
    queryKey: [...reportsKey, id, 'coincidencias'],
    queryFn: async ({ signal }) => reportCandidatesResponseSchema.parse(await requestJson(`/api/avisos/${id}/coincidencias`, { signal })),
  });
}

/** `POST /api/avisos/{id}/estado` `{ estado, version }`. */
export function useCloseReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: number; estado: 'reunido' | 'cerrado'; version: number }) =>
      lostFoundReportSchema.parse(
        await requestJson(`/api/avisos/${input.id}/estado`, { method: 'POST', json: { estado: input.estado, version: input.version } }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reportsKey }),
  });
}
