import { type Remesa, type RemesaPreview, giftSchema, remesaPreviewSchema, remesaSchema, remesasResponseSchema } from '@refugio/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';

export const remesasKey = ['remesas'] as const;

/** `GET /api/remesas?page=`: the batches, the latest collection day first. */
export function useRemesas(page: number) {
  return useQuery({
    queryKey: [...remesasKey, 'list', page],
    queryFn: async ({ signal }) => remesasResponseSchema.parse(await requestJson('/api/remesas', { query: { page: String(page) }, signal })),
    placeholderData: keepPreviousData,
  });
}

export const remesaQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...remesasKey, 'detail', id],
    queryFn: async ({ signal }) => remesaSchema.parse(await requestJson(`/api/remesas/${id}`, { signal })),
  });

/** `GET /api/remesas/{id}`: a batch with its fees (IBANs masked) and each gift's state. */
export function useRemesa(id: number | null) {
  return useQuery({ ...remesaQueryOptions(id ?? 0), enabled: id !== null });
}

/** The bank file's address (`GET /api/remesas/{id}/xml`): a plain link the browser downloads with the session cookie. */
export const remesaXmlUrl = (id: number) => `/api/remesas/${id}/xml`;

/** `GET /api/remesas/previsualizacion?fechaCobro=`: what a batch on that day would charge (nothing is stored). */
export function usePreviewRemesa() {
  return useMutation({
    mutationFn: async (fechaCobro: string): Promise<RemesaPreview> =>
      remesaPreviewSchema.parse(await requestJson('/api/remesas/previsualizacion', { query: { fechaCobro } })),
  });
}

/** `POST /api/remesas` `{ fechaCobro }`: the batch and one gift per fee. */
export function useCreateRemesa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fechaCobro: string): Promise<Remesa> =>
      remesaSchema.parse(await requestJson('/api/remesas', { method: 'POST', json: { fechaCobro } })),
    onSuccess: (made) => {
      queryClient.setQueryData(remesaQueryOptions(made.id).queryKey, made);
      void queryClient.invalidateQueries({ queryKey: [...remesasKey, 'list'] });
    },
  });
}

/** `POST /api/donativos/{id}/devolucion` `{ version, motivo }`: a debit the bank returned. */
export function useReturnDebit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { donativoId: number; version: number; motivo: string }) =>
      giftSchema.parse(
        await requestJson(`/api/donativos/${input.donativoId}/devolucion`, {
          method: 'POST',
          json: { version: input.version, motivo: input.motivo },
        }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: remesasKey }),
  });
}
