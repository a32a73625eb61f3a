import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { type PersonDocumentType, personSchema } from '@refugio/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { requestJson } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useDocuments, usePreparePersonDocument, usePrepareSurrenderContract } from '../api/documents';
import { DocumentCard, type DocumentWords, currentDocument } from './document-card';

const SURRENDER_WORDS: DocumentWords = {
  titulo: 'Contrato de cesión',
  nombre: 'contrato',
  plural: 'contratos',
  el: 'el contrato',
  vacio: 'Todavía no hay contrato de cesión. Al aceptar la cesión se prepara; si no, prepáralo aquí.',
  anulado: 'Contrato anulado.',
  firmado: 'Contrato firmado.',
  anteriores: (n) => `${n === 1 ? 'Hay 1 contrato anterior' : `Hay ${n} contratos anteriores`} (anulados)`,
};

const AGREEMENT_WORDS: Record<PersonDocumentType, DocumentWords> = {
  acuerdo_voluntariado: {
    titulo: 'Acuerdo de voluntariado',
    nombre: 'acuerdo',
    plural: 'acuerdos',
    el: 'el acuerdo',
    vacio: 'Todavía no hay acuerdo de voluntariado. Prepáralo para que la persona lo firme, aquí o a distancia.',
    anulado: 'Acuerdo anulado.',
    firmado: 'Acuerdo firmado.',
    anteriores: (n) => `${n === 1 ? 'Hay 1 acuerdo anterior' : `Hay ${n} acuerdos anteriores`}`,
  },
  contrato_acogida: {
    titulo: 'Contrato de acogida',
    nombre: 'contrato',
    plural: 'contratos',
    el: 'el contrato',
    vacio: 'Todavía no hay contrato de acogida. Prepáralo para que la casa de acogida lo firme, aquí o a distancia.',
    anulado: 'Contrato anulado.',
    firmado: 'Contrato firmado.',
    anteriores: (n) => `${n === 1 ? 'Hay 1 contrato anterior' : `Hay ${n} contratos anteriores`}`,
  },
};

/**
 * "Contrato de cesión" on a surrender request: prepared on acceptance (or here again), sent to be signed or signed
 * here in person; once signed the animal enters, and the request is read again (`onChange`).
 */
export function SurrenderContractCard({ cesionId, aceptada, onChange }: { cesionId: number; aceptada: boolean; onChange: () => void }) {
  const prepare = usePrepareSurrenderContract();
  const documents = useDocuments({ cesionId });
  const signed = currentDocument(documents.data ?? [])?.estado === 'firmado';
  const { refetch } = documents;
  // Accepting prepares the contract on the server: read the documents again when the request becomes accepted.
  useEffect(() => {
    if (aceptada) void refetch();
  }, [aceptada, refetch]);
  const wasSigned = useRef(signed);
  useEffect(() => {
    if (signed && !wasSigned.current) onChange();
    wasSigned.current = signed;
  }, [signed, onChange]);
  if (!aceptada && (documents.data ?? []).length === 0) return null;

  const run = () =>
    prepare.mutate(cesionId, {
      onSuccess: () => notifications.show({ color: 'teal', message: 'Contrato de cesión preparado.' }),
      onError: (error) => notifications.show({ color: 'red', title: 'No se pudo preparar el contrato', message: getErrorMessage(error) }),
    });
  return (
    <DocumentCard
      filter={{ cesionId }}
      headingId={`contrato-cesion-${cesionId}`}
      words={SURRENDER_WORDS}
      canPrepare={aceptada}
      preparing={prepare.isPending}
      prepareLabel="Preparar contrato"
      onPrepare={(replaces) =>
        replaces
          ? modals.openConfirmModal({
              title: '¿Preparar el contrato de nuevo?',
              children: <Text size="sm">El contrato actual se anula y su enlace para firmar deja de funcionar.</Text>,
              labels: { confirm: 'Preparar de nuevo', cancel: 'Cancelar' },
              onConfirm: run,
            })
          : run()
      }
    />
  );
}

function AgreementCard({ personaId, tipo }: { personaId: number; tipo: PersonDocumentType }) {
  const prepare = usePreparePersonDocument();
  const run = () =>
    prepare.mutate(
      { personaId, tipo },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: `${AGREEMENT_WORDS[tipo].titulo}: preparado.` }),
        onError: (error) => notifications.show({ color: 'red', title: 'No se pudo preparar', message: getErrorMessage(error) }),
      },
    );
  return (
    <DocumentCard
      filter={{ personaId, tipo }}
      headingId={`${tipo}-${personaId}`}
      words={AGREEMENT_WORDS[tipo]}
      canPrepare
      preparing={prepare.isPending}
      prepareLabel={tipo === 'acuerdo_voluntariado' ? 'Preparar acuerdo' : 'Preparar contrato de acogida'}
      onPrepare={run}
    />
  );
}

/** A volunteer's agreement and a foster home's contract on the person page (only for people with those roles). */
export function PersonAgreementCards({ personId }: { personId: number }) {
  const person = useQuery({
    queryKey: ['documentos', 'persona-roles', personId],
    queryFn: async ({ signal }) => personSchema.parse(await requestJson(`/api/personas/${personId}`, { signal })),
  });
  const roles = person.data?.roles ?? [];
  const tipos: PersonDocumentType[] = [
    ...(roles.includes('voluntario') ? (['acuerdo_voluntariado'] as const) : []),
    ...(roles.includes('acogida') ? (['contrato_acogida'] as const) : []),
  ];
  if (tipos.length === 0 || person.data?.anonimizada) return null;
  return (
    <>
      {tipos.map((tipo) => (
        <AgreementCard key={tipo} personaId={personId} tipo={tipo} />
      ))}
    </>
  );
}
