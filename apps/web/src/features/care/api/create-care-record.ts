import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { careRecordSchema, type CareRecord } from '@refugio/contracts';
import { careQueryKey } from './care-query-keys';
import type { CareRecordInput } from '../lib/care-record-form';

/** `POST /api/mascotas/{id}/salud`: a planned or done record (201). */
export async function createCareRecord({ petId, input }: { petId: number; input: CareRecordInput }): Promise<CareRecord> {
  return careRecordSchema.parse(await requestJson(`/api/mascotas/${petId}/salud`, { method: 'POST', json: { ...input } }));
}

export function useCreateCareRecord() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCareRecord, onSuccess: () => queryClient.invalidateQueries({ queryKey: careQueryKey }) });
}
