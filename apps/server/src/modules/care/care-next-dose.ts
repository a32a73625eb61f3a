import { CARE_RECORD_FIELDS, type CareRecordField, type HistoryActor, type HistoryValue, addDaysToDay } from '@refugio/contracts';
import type { Database } from '../../db/client';
import type { HistoryPort } from '../history/history.port';
import type { CareRecordInsert, CareRecordRow } from './care.repository';

/** The record as its history tells it (cost in euros, not cents). */
export function historyValues(row: CareRecordRow): Record<CareRecordField, HistoryValue> {
  return {
    tipo: row.tipo,
    nombre: row.nombre,
    fechaProgramada: row.fechaProgramada,
    fechaRealizada: row.fechaRealizada,
    repetirCadaDias: row.repetirCadaDias,
    dosis: row.dosis,
    lote: row.lote,
    veterinario: row.veterinario,
    resultado: row.resultado,
    pesoKg: row.pesoKg,
    coste: row.costeCentimos === null ? null : row.costeCentimos / 100,
    notas: row.notas,
  };
}

/** The fields that differ between two states of a record (empty text and null are the same). */
export function diff(before: Record<CareRecordField, HistoryValue> | undefined, after: Record<CareRecordField, HistoryValue> | undefined) {
  const cambios: Record<string, [HistoryValue, HistoryValue]> = {};
  for (const field of CARE_RECORD_FIELDS) {
    const a = before?.[field] ?? null;
    const b = after?.[field] ?? null;
    if (a !== b && !((a === '' || a === null) && (b === '' || b === null))) cambios[field] = [a, b];
  }
  return cambios;
}

/**
 * The one way a next dose is planned, whoever made the record done ('Marcar como hecho', a record saved as done
 * with "Repetir cada N días", a foster's news): inside the caller's transaction (`handle`, the pet locked first),
 * a record that has just become done and repeats gets its next one, `repetirCadaDias` days after the day it was
 * done, with its history event. The next one remembers which record planned it (`plannedFromId`), so undoing the
 * 'Hecho' can take it away again while nobody has touched it.
 */
export async function planNextDose(
  tx: { insert: (values: CareRecordInsert) => Promise<CareRecordRow>; handle: Database },
  history: Pick<HistoryPort, 'record'>,
  done: CareRecordRow,
  actor: HistoryActor,
): Promise<CareRecordRow | undefined> {
  if (!done.fechaRealizada || !done.repetirCadaDias || done.tipo === 'peso') return undefined;
  const next = await tx.insert({
    petId: done.petId,
    tipo: done.tipo,
    nombre: done.nombre,
    fechaProgramada: addDaysToDay(done.fechaRealizada, done.repetirCadaDias),
    repetirCadaDias: done.repetirCadaDias,
    dosis: done.dosis,
    veterinario: done.veterinario,
    protocoloId: done.protocoloId,
    plannedFromId: done.id,
    createdBy: actor.id ?? null,
    updatedBy: actor.id ?? null,
  });
  await history.record(tx.handle, {
    actor,
    entidad: 'registro_salud',
    entidadId: next.id,
    accion: 'crear',
    cambios: { mascotaId: [null, next.petId], ...diff(undefined, historyValues(next)) },
  });
  return next;
}
