import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Modelo182PresentInput,
  type Modelo182Presentation,
  type Modelo182Review,
  modelo182PresentationSchema,
  modelo182ReviewSchema,
} from '@refugio/contracts';
import { requestJson } from '../../../lib/api-client';
import { downloadFile } from '../lib/download-file';
import { modelo182QueryKey } from './donations-query-keys';

/** `GET /api/fiscal/modelo-182/revision?anio=`: who is declared that year and who is left out, and why. */
export async function getModelo182Review(anio: number, signal?: AbortSignal): Promise<Modelo182Review> {
  return modelo182ReviewSchema.parse(await requestJson('/api/fiscal/modelo-182/revision', { query: { anio: String(anio) }, signal }));
}

export function modelo182ReviewQueryOptions(anio: number) {
  return queryOptions({ queryKey: modelo182QueryKey(anio), queryFn: ({ signal }) => getModelo182Review(anio, signal) });
}

export function useModelo182Review(anio: number) {
  return useQuery(modelo182ReviewQueryOptions(anio));
}

/**
 * `GET /api/fiscal/modelo-182?anio=`: the AEAT file, saved as `modelo182_<año>.txt` with its bytes untouched
 * (ISO-8859-1). An error answer (the organisation's NIF missing: 409) is thrown as an ApiError for the screen to explain.
 */
export async function downloadModelo182(anio: number): Promise<void> {
  await downloadFile(`/api/fiscal/modelo-182?anio=${anio}`, `modelo182_${anio}.txt`);
}

export function useDownloadModelo182() {
  return useMutation({ mutationFn: downloadModelo182 });
}

/**
 * `POST /api/fiscal/modelo-182/presentaciones`: the year's file as the server produces it now was presented to the
 * AEAT on `presentadaEn` with that justificante. The review is refreshed after a failure too (a 409 means it changed).
 */
export async function presentModelo182(input: Modelo182PresentInput): Promise<Modelo182Presentation> {
  return modelo182PresentationSchema.parse(await requestJson('/api/fiscal/modelo-182/presentaciones', { method: 'POST', json: { ...input } }));
}

export function usePresentModelo182() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: presentModelo182,
    onSettled: (_data, _error, input) => queryClient.invalidateQueries({ queryKey: modelo182QueryKey(input.anio) }),
  });
}
