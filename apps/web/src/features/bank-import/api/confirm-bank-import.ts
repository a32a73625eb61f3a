import { type BankImportResult, bankImportResultSchema } from '@refugio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';

/** A chosen row: its number, and the person it is given to when staff chose one (otherwise the proposed match, or anonymous). */
export interface ChosenRow {
  fila: number;
  personaId?: number | undefined;
}

/** `POST /api/donativos/importar/{id}/confirmar`: stores the chosen rows as gifts; one already stored is counted, never stored twice. */
export async function confirmBankImport({ id, filas }: { id: string; filas: ChosenRow[] }): Promise<BankImportResult> {
  const body = { filas: filas.map((f) => (f.personaId === undefined ? f.fila : { fila: f.fila, personaId: f.personaId })) };
  return bankImportResultSchema.parse(
    await requestJson(`/api/donativos/importar/${encodeURIComponent(id)}/confirmar`, { method: 'POST', json: body }),
  );
}

export function useConfirmBankImport() {
  const queryClient = useQueryClient();
  // The gifts, their totals and the persons' roles change in other screens' caches: all are read again when next shown.
  return useMutation({ mutationFn: confirmBankImport, onSuccess: () => queryClient.invalidateQueries() });
}
