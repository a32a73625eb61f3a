import {
  type RegisterBookResponse,
  type RegisterBookVerification,
  registerBookResponseSchema,
  registerBookVerificationSchema,
} from '@refugio/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';

/** `GET /api/libro-registro?anio=`: the year's lines (administrators and the team). */
export async function getRegisterBook(anio: number, signal?: AbortSignal): Promise<RegisterBookResponse> {
  return registerBookResponseSchema.parse(await requestJson('/api/libro-registro', { query: { anio: String(anio) }, signal }));
}

export function useRegisterBook(anio: number) {
  return useQuery({ queryKey: ['libro-registro', anio], queryFn: ({ signal }) => getRegisterBook(anio, signal) });
}

/** `GET /api/libro-registro/verificar?anio=`: whether the closed lines still match their hashes. */
export async function verifyRegisterBook(anio: number): Promise<RegisterBookVerification> {
  return registerBookVerificationSchema.parse(await requestJson('/api/libro-registro/verificar', { query: { anio: String(anio) } }));
}

export function useVerifyRegisterBook() {
  return useMutation({ mutationFn: verifyRegisterBook });
}

/** The book as a file: `libro-registro-<año>.pdf|xlsx`. */
export function downloadRegisterBook({ anio, formato }: { anio: number; formato: 'pdf' | 'xlsx' }): Promise<void> {
  return downloadFile(`/api/libro-registro?anio=${anio}&formato=${formato}`, `libro-registro-${anio}.${formato}`);
}

export function useDownloadRegisterBook() {
  return useMutation({ mutationFn: downloadRegisterBook });
}
