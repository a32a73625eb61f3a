import { Divider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useDocuments, useFee } from '../api/documents';
import { DocumentCard, type DocumentWords, currentDocument } from './document-card';
import { FeeSection } from './fee-form';
import { PrepareContractDialog } from './prepare-contract-dialog';

/** The request's current contract: the newest one that is not annulled, else the newest. */
export const currentContract = currentDocument;

const CONTRACT_WORDS: DocumentWords = {
  titulo: 'Contrato de adopción',
  nombre: 'contrato',
  plural: 'contratos',
  el: 'el contrato',
  vacio: 'Todavía no hay contrato. Prepáralo con la cuota para enviarlo a firmar o firmarlo aquí.',
  anulado: 'Contrato anulado.',
  firmado: 'Contrato firmado.',
  anteriores: (n) => `${n === 1 ? 'Hay 1 contrato anterior' : `Hay ${n} contratos anteriores`} (anulados)`,
};

/**
 * "Contrato de adopción" on an approved request: prepare it with the fee, then the document card (state, PDF, send
 * to be signed or sign here in person, annul, verify); and the fee.
 */
export function ContractCard({ solicitudId, aprobada }: { solicitudId: number; aprobada: boolean }) {
  const documents = useDocuments({ solicitudId });
  const fee = useFee(solicitudId, aprobada || (documents.data?.length ?? 0) > 0);
  const [preparing, setPreparing] = useState<{ replaces: boolean } | null>(null);
  if (!aprobada && (documents.data ?? []).length === 0) return null;
  return (
    <>
      <DocumentCard
        filter={{ solicitudId }}
        headingId={`contrato-${solicitudId}`}
        words={CONTRACT_WORDS}
        canPrepare={aprobada}
        prepareLabel="Preparar contrato"
        onPrepare={(replaces) => setPreparing({ replaces })}
      >
        {(current) => (
          <>
            <Divider />
            <FeeSection key={current?.id ?? 0} solicitudId={solicitudId} />
          </>
        )}
      </DocumentCard>
      {preparing ? (
        <PrepareContractDialog
          solicitudId={solicitudId}
          opened
          replaces={preparing.replaces}
          initial={fee.data?.metodoPago ? { cuota: fee.data.cuota ?? 0, metodoPago: fee.data.metodoPago } : undefined}
          onClose={() => setPreparing(null)}
          onPrepared={() => {
            setPreparing(null);
            notifications.show({ color: 'teal', message: 'Contrato preparado.' });
          }}
        />
      ) : null}
    </>
  );
}
