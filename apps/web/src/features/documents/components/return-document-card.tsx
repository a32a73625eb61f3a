import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { getErrorMessage } from '../../../lib/get-error-message';
import { usePrepareReturnDocument } from '../api/documents';
import { DocumentCard, type DocumentWords } from './document-card';

const RETURN_WORDS: DocumentWords = {
  titulo: 'Acta de devolución',
  nombre: 'acta',
  plural: 'actas',
  el: 'el acta',
  vacio: 'Todavía no hay acta. Prepárala para que la persona firme que devuelve el animal, en persona o a distancia.',
  anulado: 'Acta anulada.',
  firmado: 'Acta firmada.',
  anteriores: (n) => `${n === 1 ? 'Hay 1 acta anterior' : `Hay ${n} actas anteriores`} (anuladas)`,
};

/**
 * "Acta de devolución" on a return (`devolucion` with a person) of the pet's timeline: prepare it, then the same
 * card as the contract. Any other movement shows nothing.
 */
export function ReturnDocumentCard({
  petId,
  movimientoId,
  tipo,
  conPersona,
}: {
  petId: number;
  movimientoId: number;
  tipo: string;
  conPersona: boolean;
}) {
  const prepare = usePrepareReturnDocument();
  if (tipo !== 'devolucion' || !conPersona) return null;

  const run = () =>
    prepare.mutate(
      { petId, movimientoId },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: 'Acta preparada.' }),
        onError: (error) => notifications.show({ color: 'red', title: 'No se pudo preparar el acta', message: getErrorMessage(error) }),
      },
    );

  const onPrepare = (replaces: boolean) =>
    replaces
      ? modals.openConfirmModal({
          title: '¿Preparar el acta de nuevo?',
          children: <Text size="sm">El acta actual se anula y su enlace para firmar deja de funcionar.</Text>,
          labels: { confirm: 'Preparar de nuevo', cancel: 'Cancelar' },
          onConfirm: run,
        })
      : run();

  return (
    <DocumentCard
      filter={{ movimientoId }}
      headingId={`acta-${movimientoId}`}
      words={RETURN_WORDS}
      canPrepare
      preparing={prepare.isPending}
      prepareLabel="Preparar acta"
      onPrepare={onPrepare}
    />
  );
}
