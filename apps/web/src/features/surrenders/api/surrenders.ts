import {
  type SurrenderMessageInput,
  type SurrenderMessageKey,
  type SurrenderState,
  listSurrendersResponseSchema,
  sentMessageSchema,
  surrenderMessageDraftSchema,
  surrenderMessagesSchema,
  surrenderSchema,
} from '@refugio/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';

export const surrendersKey = ['cesiones'] as const;

/** `GET /api/cesiones?estado=`: by urgency then date, with the pets in the shelter per species. */
export function useSurrenders(estado: string) {
  const query: Record<string, string> = estado ? { estado } : {};
  return useQuery({
    queryKey: [...surrendersKey, 'lista', query],
    queryFn: async ({ signal }) => listSurrendersResponseSchema.parse(await requestJson('/api/cesiones', { query, signal })),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/cesiones/{id}`. */
export function useSurrender(id: number) {
  return useQuery({
    queryKey: [...surrendersKey, id],
    queryFn: async ({ signal }) => surrenderSchema.parse(await requestJson(`/api/cesiones/${id}`, { signal })),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: surrendersKey });
}

/** `POST /api/cesiones/{id}/estado` `{ estado, version, motivo? }`. */
export function useSurrenderStep() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: { id: number; estado: SurrenderState; version: number; motivo?: string }) =>
      surrenderSchema.parse(
        await requestJson(`/api/cesiones/${input.id}/estado`, {
          method: 'POST',
          json: { estado: input.estado, version: input.version, ...(input.motivo ? { motivo: input.motivo } : {}) },
        }),
      ),
    onSuccess: refresh,
  });
}

/** `POST /api/cesiones/{id}/notas` `{ notas, version }`. */
export function useSurrenderNotes() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: { id: number; notas: string; version: number }) =>
      surrenderSchema.parse(
        await requestJson(`/api/cesiones/${input.id}/notas`, { method: 'POST', json: { notas: input.notas, version: input.version } }),
      ),
    onSuccess: refresh,
  });
}

/** `GET /api/cesiones/{id}/mensaje?plantilla=`: the template filled in with the request's data, to edit before sending. */
export function useSurrenderMessageDraft(id: number, plantilla: SurrenderMessageKey | null, enabled: boolean) {
  const query: Record<string, string> = plantilla ? { plantilla } : {};
  return useQuery({
    queryKey: [...surrendersKey, id, 'borrador', query],
    queryFn: async ({ signal }) => surrenderMessageDraftSchema.parse(await requestJson(`/api/cesiones/${id}/mensaje`, { query, signal })),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

/** `GET /api/cesiones/{id}/mensajes`: what was written to the owner, the most recent first. */
export function useSurrenderMessages(id: number) {
  return useQuery({
    queryKey: [...surrendersKey, id, 'mensajes'],
    queryFn: async ({ signal }) => surrenderMessagesSchema.parse(await requestJson(`/api/cesiones/${id}/mensajes`, { signal })),
  });
}

/** `POST /api/cesiones/{id}/mensajes` `{ canal, plantilla?, asunto, cuerpo }`: WhatsApp answers the wa.me link. */
export function useSendSurrenderMessage(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SurrenderMessageInput) =>
      sentMessageSchema.parse(await requestJson(`/api/cesiones/${id}/mensajes`, { method: 'POST', json: { ...input } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...surrendersKey, id, 'mensajes'] }),
  });
}
