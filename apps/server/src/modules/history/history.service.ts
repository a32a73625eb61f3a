import type { TimeZoneSource } from '../organization/organization.port';
import { type HistoryEvent, type ListHistoryQuery, type ListHistoryResponse, wallTimeToInstant } from '@refugio/contracts';
import type { Database } from '../../db/client';
import type { HistoryEventRow, HistoryRepository } from './history.repository';
import type { HistoryViewer, RelatedHistoryRegistry } from './history.related';

export function toHistoryEvent(row: HistoryEventRow): HistoryEvent {
  return {
    id: row.id,
    en: row.en.toISOString(),
    actor: {
      tipo: row.actorTipo as HistoryEvent['actor']['tipo'],
      ...(row.actorId ? { id: row.actorId } : {}),
      ...(row.actorNombre ? { nombre: row.actorNombre } : {}),
    },
    entidad: row.entidad,
    entidadId: row.entidadId,
    accion: row.accion as HistoryEvent['accion'],
    ...(row.cambios ? { cambios: row.cambios as HistoryEvent['cambios'] } : {}),
    ...(row.requestId ? { requestId: row.requestId } : {}),
  };
}

/** The day after `day` (YYYY-MM-DD), as text. */
function nextDay(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Reading the history: the audit (administrators) and one pet's history (staff). */
export function createHistoryService({
  repo,
  timeZone: orgTimeZone,
  db,
  related,
}: {
  repo: HistoryRepository;
  timeZone: TimeZoneSource;
  db?: Database;
  related?: { relatedOf: RelatedHistoryRegistry['recordsOf'] };
}) {
  return {
    /** Filters by record, actor and days (the organisation's days: `hasta` is included whole). */
    async list(query: ListHistoryQuery): Promise<ListHistoryResponse> {
      const timeZone = query.desde || query.hasta ? await orgTimeZone() : 'UTC';
      const from = query.desde ? wallTimeToInstant(`${query.desde} 00:00`, timeZone) : undefined;
      const until = query.hasta ? wallTimeToInstant(`${nextDay(query.hasta)} 00:00`, timeZone) : undefined;
      const { rows, total } = await repo.list(
        { entidad: query.entidad, entidadId: query.entidadId, actorId: query.actorId, from, until },
        query.page,
        query.pageSize,
      );
      return { items: rows.map(toHistoryEvent), total, page: query.page, pageSize: query.pageSize };
    },

    /** A pet's events and those of the records about it (the money ones only for an administrator, `viewer`). */
    async ofPet(petId: number, page: number, pageSize: number, viewer: HistoryViewer): Promise<ListHistoryResponse> {
      const relatedIds = db && related ? await related.relatedOf(db, { petId }, viewer) : [];
      const { rows, total } = await repo.list({ entidad: 'mascota', entidadId: String(petId), related: relatedIds }, page, pageSize);
      return { items: rows.map(toHistoryEvent), total, page, pageSize };
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
