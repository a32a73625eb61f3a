import { fosterNewsSchema } from '@refugio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { fosterNewsKey } from './list-foster-news';

/** `POST /api/novedades/{id}/aceptar` `{ fotos }` or `POST /api/novedades/{id}/rechazar`. */
export function useDecideFosterNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: number; accion: 'aceptar' | 'rechazar'; fotos?: number[] }) =>
      fosterNewsSchema.parse(
        await requestJson(`/api/novedades/${input.id}/${input.accion}`, {
          method: 'POST',
          ...(input.accion === 'aceptar' ? { json: { fotos: input.fotos ?? [] } } : {}),
        }),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: fosterNewsKey });
      void queryClient.invalidateQueries({ queryKey: ['pendientes'] });
    },
  });
}
