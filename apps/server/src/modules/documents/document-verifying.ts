import type { DocumentVerification } from '@refugio/contracts';
import { type DocumentShared, sha256Hex } from './document-shared';

/** Verifying a document: its stored files against the hashes recorded when they were made. */
export function createDocumentVerifying({ findOr404, storedBytes }: Pick<DocumentShared, 'findOr404' | 'storedBytes'>) {
  return {
    /** Recomputes the hashes of the stored bytes: the original's, and the signed copy's when there is one. */
    async verify(id: number): Promise<DocumentVerification> {
      const row = await findOr404(id);
      const original = await storedBytes(row.storageKey);
      const originalHash = original ? sha256Hex(original) : '';
      let integro = originalHash === row.sha256;
      if (row.firmadoKey && row.firmadoSha256) {
        const signed = await storedBytes(row.firmadoKey);
        const signedHash = signed ? sha256Hex(signed) : '';
        integro = integro && signedHash === row.firmadoSha256;
        return { integro, sha256: row.firmadoSha256, calculado: signedHash };
      }
      return { integro, sha256: row.sha256, calculado: originalHash };
    },
  };
}
