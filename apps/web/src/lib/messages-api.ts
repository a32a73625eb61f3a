import {
  type MessageList,
  type MessageState,
  type SendMessageInput,
  type SentMessage,
  messageListSchema,
  messageSchema,
  sentMessageSchema,
} from '@refugio/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from './api-client';

/*
 * Messages written to people (`/api/mensajes`, `/api/personas/{id}/mensajes`). Shared, not a feature's: the
 * person page, the requests and the "Mensajes" screen all list and write them.
 */

export const messagesQueryKey = ['mensajes'] as const;

export interface MessageFilters {
  personaId?: number | undefined;
  estado?: MessageState | undefined;
  page?: number | undefined;
}

export async function listMessages(filters: MessageFilters, signal?: AbortSignal): Promise<MessageList> {
  const query: Record<string, string | undefined> = {
    personaId: filters.personaId?.toString(),
    estado: filters.estado,
    page: filters.page?.toString(),
  };
  return messageListSchema.parse(await requestJson('/api/mensajes', { query, signal }));
}

export function useMessages(filters: MessageFilters) {
  return useQuery({
    queryKey: [...messagesQueryKey, filters],
    queryFn: ({ signal }) => listMessages(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export async function sendMessageToPerson(personaId: number, input: SendMessageInput): Promise<SentMessage> {
  return sentMessageSchema.parse(await requestJson(`/api/personas/${personaId}/mensajes`, { method: 'POST', json: { ...input } }));
}

export function useSendMessage(personaId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendMessageInput) => sendMessageToPerson(personaId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesQueryKey }),
  });
}

export function useRetryMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => messageSchema.parse(await requestJson(`/api/mensajes/${id}/reintentar`, { method: 'POST' })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: messagesQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['pendientes'] });
    },
  });
}
