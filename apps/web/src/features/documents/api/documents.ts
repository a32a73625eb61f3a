import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdoptionFee,
  type DocumentDto,
  type PaymentMethod,
  type SaveAdoptionFeeInput,
  adoptionFeeSchema,
  documentListSchema,
  documentSchema,
  documentVerificationSchema,
  preparedContractSchema,
  sentDocumentSchema,
  signedSchema,
} from '@refugio/contracts';
import { requestJson } from '../../../lib/api-client';

export const documentsQueryKey = ['documentos'] as const;

export interface DocumentsFilter {
  solicitudId?: number;
  personaId?: number;
  mascotaId?: number;
  movimientoId?: number;
}

/** `GET /api/documentos?solicitudId=&personaId=&mascotaId=&movimientoId=`: the documents of a request, a person, a pet or a return. */
export async function listDocuments(filter: DocumentsFilter, signal?: AbortSignal): Promise<DocumentDto[]> {
  const query = Object.fromEntries(Object.entries(filter).map(([k, v]) => [k, v === undefined ? undefined : String(v)]));
  return documentListSchema.parse(await requestJson('/api/documentos', { query, signal })).items;
}

export function documentsQueryOptions(filter: DocumentsFilter) {
  return queryOptions({ queryKey: [...documentsQueryKey, 'lista', filter], queryFn: ({ signal }) => listDocuments(filter, signal) });
}

export function useDocuments(filter: DocumentsFilter) {
  return useQuery(documentsQueryOptions(filter));
}

/** `GET /api/documentos/{id}`. */
export async function getDocument(id: number, signal?: AbortSignal): Promise<DocumentDto> {
  return documentSchema.parse(await requestJson(`/api/documentos/${id}`, { signal }));
}

/** Every document query reads again after a change (the card, the lists on the pet and person pages). */
function useInvalidateDocuments() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: documentsQueryKey });
}

/** `POST /api/solicitudes-adopcion/{id}/contrato` `{ cuota?, metodoPago? }` -> `{ documentoId }` (approved requests only). */
export function usePrepareContract() {
  const invalidate = useInvalidateDocuments();
  return useMutation({
    mutationFn: async (input: { solicitudId: number; cuota: number; metodoPago: PaymentMethod }) =>
      preparedContractSchema.parse(
        await requestJson(`/api/solicitudes-adopcion/${input.solicitudId}/contrato`, {
          method: 'POST',
          json: { cuota: input.cuota, metodoPago: input.metodoPago },
        }),
      ),
    onSettled: invalidate,
  });
}

/** `POST /api/mascotas/{id}/movimientos/{movimientoId}/acta` -> `{ documentoId }` (a return with a person; an unsigned earlier one is annulled). */
export function usePrepareReturnDocument() {
  const invalidate = useInvalidateDocuments();
  return useMutation({
    mutationFn: async (input: { petId: number; movimientoId: number }) =>
      preparedContractSchema.parse(
        await requestJson(`/api/mascotas/${input.petId}/movimientos/${input.movimientoId}/acta`, { method: 'POST', json: {} }),
      ),
    onSettled: invalidate,
  });
}

/** `POST /api/documentos/{id}/enviar` `{ canal }` -> `{ url, venceEn, whatsappUrl? }` (a new link replaces the earlier). */
export function useSendForSigning() {
  const invalidate = useInvalidateDocuments();
  return useMutation({
    mutationFn: async (input: { id: number; canal: 'email' | 'whatsapp' }) =>
      sentDocumentSchema.parse(await requestJson(`/api/documentos/${input.id}/enviar`, { method: 'POST', json: { canal: input.canal } })),
    onSettled: invalidate,
  });
}

/** `POST /api/documentos/{id}/anular` (not once signed). */
export function useAnnulDocument() {
  const invalidate = useInvalidateDocuments();
  return useMutation({
    mutationFn: async (id: number) => {
      await requestJson(`/api/documentos/${id}/anular`, { method: 'POST', json: {} });
    },
    onSettled: invalidate,
  });
}

/** `GET /api/documentos/{id}/verificar` -> `{ integro, sha256, calculado }`, asked on demand. */
export function useVerifyDocument() {
  return useMutation({
    mutationFn: async (id: number) => documentVerificationSchema.parse(await requestJson(`/api/documentos/${id}/verificar`)),
  });
}

export interface SignatureInput {
  nombreCompleto: string;
  firma: string;
  acepta: true;
}

/** `POST /api/documentos/{id}/firmar`: signing in person, the signed-in staff member recorded as present. */
export function useSignInPerson() {
  const invalidate = useInvalidateDocuments();
  return useMutation({
    mutationFn: async (input: { id: number } & SignatureInput) =>
      signedSchema.parse(
        await requestJson(`/api/documentos/${input.id}/firmar`, {
          method: 'POST',
          json: { nombreCompleto: input.nombreCompleto, firma: input.firma, acepta: input.acepta },
        }),
      ),
    onSettled: invalidate,
  });
}

const feeQueryKey = (solicitudId: number) => [...documentsQueryKey, 'cuota', solicitudId] as const;

/** `GET /api/solicitudes-adopcion/{id}/cuota`: the fee (`version` 0 and no amount while none was recorded). */
export async function getFee(solicitudId: number, signal?: AbortSignal): Promise<AdoptionFee> {
  return adoptionFeeSchema.parse(await requestJson(`/api/solicitudes-adopcion/${solicitudId}/cuota`, { signal }));
}

export function useFee(solicitudId: number, enabled = true) {
  return useQuery({ queryKey: feeQueryKey(solicitudId), queryFn: ({ signal }) => getFee(solicitudId, signal), enabled });
}

/** `PUT /api/solicitudes-adopcion/{id}/cuota` with `version`: a stale version answers 409. */
export function useUpdateFee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { solicitudId: number; fee: SaveAdoptionFeeInput }) =>
      adoptionFeeSchema.parse(await requestJson(`/api/solicitudes-adopcion/${input.solicitudId}/cuota`, { method: 'PUT', json: { ...input.fee } })),
    onSuccess: (fee, input) => queryClient.setQueryData(feeQueryKey(input.solicitudId), fee),
  });
}
