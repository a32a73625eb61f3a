import { listHistoryResponseSchema, type ListHistoryResponse } from '@refugio/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { petQueryKey } from './pets-query-key';

/** `GET /api/mascotas/{id}/historial`: the pet's history, newest first, one page. */
export async function getPetHistory(petId: number, page: number, pageSize: number, signal?: AbortSignal): Promise<ListHistoryResponse> {
  return listHistoryResponseSchema.parse(
    await requestJson(`/api/mascotas/${petId}/historial`, { query: { page: String(page), pageSize: String(pageSize) }, signal }),
  );
}

export function usePetHistory(petId: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...petQueryKey(petId), 'history', page, pageSize],
    queryFn: ({ signal }) => getPetHistory(petId, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}
