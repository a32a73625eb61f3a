import type { CareAttachment, CareAttachmentType, CareRecord, Protocol } from '@refugio/contracts';
import { AppError } from '../../lib/app-error';
import type { CareAttachmentRow, CareProtocolRow, CareRecordRow } from './care.repository';

/* Care rows as their answers show them, and the field's 400 the care services answer with. Pure. */

export function toAttachmentDto(row: CareAttachmentRow): CareAttachment {
  return {
    id: row.id,
    nombre: row.nombre,
    tipo: row.tipo as CareAttachmentType,
    bytes: row.bytes,
    url: `/api/salud/${row.recordId}/adjuntos/${row.id}`,
    creadoEn: row.createdAt.toISOString(),
  };
}

export function toRecordDto(row: CareRecordRow, attachments: CareAttachmentRow[], today: string): CareRecord {
  return {
    id: row.id,
    mascotaId: row.petId,
    tipo: row.tipo as CareRecord['tipo'],
    nombre: row.nombre,
    estado: row.fechaRealizada ? 'hecho' : 'programado',
    fechaProgramada: row.fechaProgramada,
    fechaRealizada: row.fechaRealizada,
    vencido: !row.fechaRealizada && !!row.fechaProgramada && row.fechaProgramada < today,
    repetirCadaDias: row.repetirCadaDias,
    dosis: row.dosis,
    lote: row.lote,
    veterinario: row.veterinario,
    resultado: row.resultado,
    pesoKg: row.pesoKg,
    coste: row.costeCentimos === null ? null : row.costeCentimos / 100,
    notas: row.notas,
    protocoloId: row.protocoloId,
    adjuntos: attachments.map(toAttachmentDto),
    version: row.version,
    creadoEn: row.createdAt.toISOString(),
    actualizadoEn: row.updatedAt.toISOString(),
  };
}

export function toProtocolDto(row: CareProtocolRow): Protocol {
  return {
    id: row.id,
    nombre: row.nombre,
    tipoMascota: row.tipoMascota as Protocol['tipoMascota'],
    nota: row.nota,
    pasos: row.pasos.map((p) => ({
      tipo: p.tipo as Protocol['pasos'][number]['tipo'],
      nombre: p.nombre,
      diasDesdeInicio: p.diasDesdeInicio,
      repetirCadaDias: p.repetirCadaDias ?? null,
    })),
    predeterminado: row.predeterminado,
    activo: row.activo,
    version: row.version,
    actualizadoEn: row.updatedAt.toISOString(),
  };
}

/** A 400 naming the field at fault. */
export function validation(field: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', { message, fieldErrors: { [field]: message } });
}
