import { followupSchema, sentFollowupSchema } from '@refugio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { followupsKey } from './list-followups';

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: followupsKey });
    void queryClient.invalidateQueries({ queryKey: ['pendientes'] });
  };
}

/** `POST /api/seguimientos/{id}/enviar` `{ canal }`: a fresh link, by e-mail or as a WhatsApp link to open. */
export function useSendFollowup() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: { id: number; canal: 'email' | 'whatsapp' }) =>
      sentFollowupSchema.parse(await requestJson(`/api/seguimientos/${input.id}/enviar`, { method: 'POST', json: { canal: input.canal } })),
    onSuccess: refresh,
  });
}

/** `POST /api/seguimientos/{id}/{hecho|deshacer|atendido}`. */
export function useFollowupAction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: { id: number; accion: 'hecho' | 'deshacer' | 'atendido'; version?: number }) =>
      followupSchema.parse(
        await requestJson(`/api/seguimientos/${input.id}/${input.accion}`, {
          method: 'POST',
          json: input.accion === 'hecho' && input.version !== undefined ? { version: input.version } : {},
        }),
      ),
    onSuccess: refresh,
  });
}

/** `POST /api/seguimientos/{id}/galeria` `{ fotos }`: the chosen photos join the pet's gallery as a happy ending. */
export function useAddFollowupPhotos() {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: number; fotos: number[] }) =>
      followupSchema.parse(await requestJson(`/api/seguimientos/${input.id}/galeria`, { method: 'POST', json: { fotos: input.fotos } })),
    onSuccess: () => {
      refresh();
      // The pet's gallery and tags (the pets feature's cache, by its root key).
      void queryClient.invalidateQueries({ queryKey: ['pets'] });
    },
  });
}
