import { type BankImport, bankImportSchema } from '@refugio/contracts';
import { useMutation } from '@tanstack/react-query';
import { type UploadProgress, sendMultipart } from '../../../lib/upload';

/**
 * `POST /api/donativos/importar` (field `archivo`): the dry run of a bank statement. Nothing is stored as a gift; the
 * server keeps what it read for 24 hours so the confirmation needs no file.
 */
export async function previewBankImport({ file, onProgress }: { file: File; onProgress?: (p: UploadProgress) => void }): Promise<BankImport> {
  const body = new FormData();
  body.append('archivo', file, file.name);
  return bankImportSchema.parse(await sendMultipart('/api/donativos/importar', body, { onProgress }));
}

export function usePreviewBankImport() {
  return useMutation({ mutationFn: previewBankImport });
}
