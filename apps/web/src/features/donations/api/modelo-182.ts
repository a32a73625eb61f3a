import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { type Modelo182Review, modelo182ReviewSchema } from '@refugio/contracts';
import { NetworkError, createApiError, requestJson } from '../../../lib/api-client';
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
  let response: Response;
  try {
    response = await fetch(`/api/fiscal/modelo-182?anio=${anio}`, { credentials: 'same-origin' });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    throw createApiError(response.status, body);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `modelo182_${anio}.txt`;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; freeing it on the next turn keeps it valid for the click.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useDownloadModelo182() {
  return useMutation({ mutationFn: downloadModelo182 });
}
