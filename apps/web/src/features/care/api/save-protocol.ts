import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { protocolSchema, type Protocol, type ProtocolInput } from '@refugio/contracts';
import { protocolsQueryKey } from './care-query-keys';

/** `POST /api/protocolos` (new) or `PUT /api/protocolos/{id}` with the version the edit started from (administrators). */
export async function saveProtocol({ id, input }: { id: number | null; input: ProtocolInput }): Promise<Protocol> {
  const answer = await requestJson(id === null ? '/api/protocolos' : `/api/protocolos/${id}`, {
    method: id === null ? 'POST' : 'PUT',
    json: { ...input },
  });
  return protocolSchema.parse(answer);
}

export function useSaveProtocol() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveProtocol, onSuccess: () => queryClient.invalidateQueries({ queryKey: protocolsQueryKey }) });
}
