import { Badge } from '@mantine/core';
import { type DocumentDto, type DocumentState, documentStateLabels } from '@refugio/contracts';
import { formatDate, formatDateTime } from '../../../lib/format-date';

const stateColors: Record<DocumentState, string> = { borrador: 'gray', enviado: 'blue', firmado: 'teal', anulado: 'red' };

export function DocumentStateBadge({ estado }: { estado: DocumentState }) {
  return (
    <Badge color={stateColors[estado]} variant="light">
      {documentStateLabels[estado]}
    </Badge>
  );
}

/** The state in one sentence: "Enviado para firmar (vence el …)", "Firmado el … por …". */
export function describeDocumentState(document: DocumentDto): string {
  switch (document.estado) {
    case 'borrador':
      return `${documentStateLabels.borrador}: todavía no se ha enviado para firmar.`;
    case 'enviado':
      return document.enlace
        ? document.enlace.caducado
          ? `Enviado para firmar: el enlace caducó el ${formatDate(document.enlace.venceEn)}. Envía uno nuevo.`
          : `Enviado para firmar (vence el ${formatDate(document.enlace.venceEn)}).`
        : 'Enviado para firmar.';
    case 'firmado': {
      const by = document.firmante?.nombre ? ` por ${document.firmante.nombre}` : '';
      const present = document.firmado?.presencial
        ? ` en persona${document.firmado.presente ? ` ante ${document.firmado.presente.nombre}` : ''}`
        : '';
      return `Firmado el ${formatDateTime(document.firmadoEn)}${by}${present}.`;
    }
    case 'anulado':
      return 'Anulado: ya no se puede firmar.';
  }
}
