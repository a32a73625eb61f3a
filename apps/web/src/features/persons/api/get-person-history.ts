import { listHistoryResponseSchema, type ListHistoryResponse } from '@refugio/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { personQueryKey } from './persons-query-key';

/** `GET /api/personas/{id}/historial`: the person's history, newest first, one page. */
export async function getPersonHistory(id: number, page: number, pageSize: number, signal?: AbortSignal): Promise<ListHistoryResponse> {
  return listHistoryResponseSchema.parse(
    await requestJson(`/api/personas/${id}/historial`, { query: { page: String(page), pageSize: String(pageSize) }, signal }),
  );
}

export function usePersonHistory(id: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...personQueryKey(id), 'history', page, pageSize],
    queryFn: ({ signal }) => getPersonHistory(id, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}
