import {
  type CustomField,
  type CustomFieldInput,
  type ImportDateFormat,
  type ImportDryRun,
  type ImportStatus,
  type ImportType,
  type ImportUpload,
  customFieldSchema,
  importDryRunSchema,
  importStatusSchema,
  importUploadSchema,
} from '@refugio/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { customFieldsQueryKey } from '../../../lib/custom-field-definitions';
import { type UploadProgress, sendMultipart } from '../../../lib/upload';

/*
 * The import wizard's calls (DESIGN section 18): upload, mapping with its dry run, confirmation, status (polled while
 * the job runs) and undo.
 */

const base = (id: string) => `/api/importaciones/${encodeURIComponent(id)}`;

/** `POST /api/importaciones`: the file is read and kept; nothing is created yet. */
export async function uploadImport({
  file,
  tipo,
  onProgress,
}: {
  file: File;
  tipo: ImportType;
  onProgress?: (p: UploadProgress) => void;
}): Promise<ImportUpload> {
  const body = new FormData();
  body.append('tipo', tipo);
  body.append('archivo', file, file.name);
  return importUploadSchema.parse(await sendMultipart('/api/importaciones', body, { onProgress }));
}

/** `PUT /api/importaciones/{id}/mapeo`: the dry run of this mapping (stores no record). */
export async function saveMapping({
  id,
  mapeo,
  formatoFecha,
  incluir = [],
}: {
  id: string;
  mapeo: Record<string, string>;
  formatoFecha?: ImportDateFormat | undefined;
  /** Rows that only look like a pet already there, imported anyway. */
  incluir?: number[];
}): Promise<ImportDryRun> {
  return importDryRunSchema.parse(
    await requestJson(`${base(id)}/mapeo`, {
      method: 'PUT',
      json: { mapeo, ...(formatoFecha ? { formatoFecha } : {}), ...(incluir.length > 0 ? { incluir } : {}) },
    }),
  );
}

export async function confirmImport(id: string): Promise<ImportStatus> {
  return importStatusSchema.parse(await requestJson(`${base(id)}/confirmar`, { method: 'POST' }));
}

export async function undoImport(id: string): Promise<ImportStatus> {
  return importStatusSchema.parse(await requestJson(`${base(id)}/deshacer`, { method: 'POST' }));
}

export async function getImportStatus(id: string): Promise<ImportStatus> {
  return importStatusSchema.parse(await requestJson(base(id)));
}

export const importStatusKey = (id: string) => ['importaciones', id] as const;

export function useUploadImport() {
  return useMutation({ mutationFn: uploadImport });
}

export function useSaveMapping() {
  return useMutation({ mutationFn: saveMapping });
}

/** The import's state, read again every second while it runs. */
export function useImportStatus(id: string | null) {
  return useQuery({
    queryKey: importStatusKey(id ?? ''),
    queryFn: () => getImportStatus(id!),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.estado === 'en_curso' ? 1000 : false),
  });
}

export function useConfirmImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmImport,
    onSuccess: (status) => queryClient.setQueryData(importStatusKey(status.id), status),
  });
}

/**
 * «Crear un campo con esta columna»: `POST /api/campos` (capability `campos`). The lists of definitions the other
 * screens keep (the fields' screen, the forms) are read again.
 */
export async function createImportField(input: CustomFieldInput): Promise<CustomField> {
  return customFieldSchema.parse(await requestJson('/api/campos', { method: 'POST', json: { ...input } }));
}

export function useCreateImportField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createImportField,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customFieldsQueryKey }),
  });
}

export function useUndoImport() {
  const queryClient = useQueryClient();
  // Pets and persons lists change: every cached list is read again when next shown.
  return useMutation({ mutationFn: undoImport, onSuccess: () => queryClient.invalidateQueries() });
}
