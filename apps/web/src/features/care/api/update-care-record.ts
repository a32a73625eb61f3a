import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { careRecordSchema, type CareRecord } from '@refugio/contracts';
import { careQueryKey } from './care-query-keys';
import type { CareRecordInput } from '../lib/care-record-form';

/** `PATCH /api/salud/{id}` with the version the form was loaded at (stale -> 409). */
export async function updateCareRecord({ id, input, version }: { id: number; input: CareRecordInput; version: number }): Promise<CareRecord> {
  return careRecordSchema.parse(await requestJson(`/api/salud/${id}`, { method: 'PATCH', json: { ...input, version } }));
}

export function useUpdateCareRecord() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCareRecord, onSuccess: () => queryClient.invalidateQueries({ queryKey: careQueryKey }) });
}
