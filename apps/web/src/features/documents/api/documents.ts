import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdoptionFee,
  type ContractPreparation,
  type DocumentDto,
  type DocumentType,
  type PersonDocumentType,
  type PaymentMethod,
  type SaveAdoptionFeeInput,
  adoptionFeeSchema,
  contractPreparationSchema,
  documentListSchema,
  documentSchema,
  documentVerificationSchema,
  preparedContractSchema,
  sentDocumentSchema,
  personSchema,
  signedSchema,
} from '@refugio/contracts';
import { requestJson } from '../../../lib/api-client';

export const documentsQueryKey = ['documentos'] as const;

export interface DocumentsFilter {
  solicitudId?: number;
  personaId?: number;
  mascotaId?: number;
  movimientoId?: number;
  cesionId?: number;
  tipo?: DocumentType;
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

/**
 * Every document query reads again after a change (the card, the lists on the pet and person pages), and the volunteer
 * tab, which shows the state of the person's agreement.
 */
function useInvalidateDocuments() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: documentsQueryKey }), queryClient.invalidateQueries({ queryKey: ['voluntariado'] })]);
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

/** `POST /api/cesiones/{id}/contrato` -> `{ documentoId }`: the surrender contract (again). */
export function usePrepareSurrenderContract() {
  const invalidate = useInvalidateDocuments();
  return useMutation({
    mutationFn: async (cesionId: number) =>
      preparedContractSchema.parse(await requestJson(`/api/cesiones/${cesionId}/contrato`, { method: 'POST', json: {} })),
    onSettled: invalidate,
  });
}

/** `POST /api/personas/{id}/voluntariado/acuerdo` `{ tipo }` -> `{ documentoId }`: a person's volunteer or foster agreement. */
export function usePreparePersonDocument() {
  const invalidate = useInvalidateDocuments();
  return useMutation({
    mutationFn: async (input: { personaId: number; tipo: PersonDocumentType }) =>
      preparedContractSchema.parse(
        await requestJson(`/api/personas/${input.personaId}/voluntariado/acuerdo`, { method: 'POST', json: { tipo: input.tipo } }),
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

const preparationQueryKey = (solicitudId: number) => [...documentsQueryKey, 'preparacion', solicitudId] as const;

/** `GET /api/solicitudes-adopcion/{id}/contrato/preparacion`: what the contract would leave blank («—»). */
export async function getContractPreparation(solicitudId: number, signal?: AbortSignal): Promise<ContractPreparation> {
  return contractPreparationSchema.parse(await requestJson(`/api/solicitudes-adopcion/${solicitudId}/contrato/preparacion`, { signal }));
}

export function useContractPreparation(solicitudId: number, enabled = true) {
  return useQuery({
    queryKey: preparationQueryKey(solicitudId),
    queryFn: ({ signal }) => getContractPreparation(solicitudId, signal),
    enabled,
  });
}

/** What staff complete of the adopter from the contract's dialog (only the fields given are written). */
export interface AdopterCompletion {
  documento?: string;
  direccion?: string;
  ciudad?: string;
}

/**
 * Completes the adopter's record before the contract: `PATCH /api/personas/{id}` on the version just read (a
 * change made meanwhile answers 409), then the preparation is read again.
 */
export function useCompleteAdopter(solicitudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ personaId, changes }: { personaId: number; changes: AdopterCompletion }) => {
      const current = personSchema.parse(await requestJson(`/api/personas/${personaId}`));
      return personSchema.parse(await requestJson(`/api/personas/${personaId}`, { method: 'PATCH', json: { ...changes, version: current.version } }));
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: preparationQueryKey(solicitudId) }),
        // The person's page, wherever it is open, reads the new values.
        queryClient.invalidateQueries({ queryKey: ['persons'] }),
      ]),
  });
}
