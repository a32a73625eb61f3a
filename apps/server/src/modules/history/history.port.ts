import { HISTORY_SECRET, type HistoryValue } from '@refugio/contracts';
import type { Database } from '../../db/client';
import { currentRequest } from '../../lib/request-context';
import type { HistoryEventInput } from './history.events';
import { createHistoryRepository } from './history.repository';

/*
 * What other modules ask of the history: `record(tx.handle, event)`, called inside the transaction of the change
 * (the handle is that transaction), so a change and its event commit together and a refused or failed change
 * writes nothing. The request id is taken from the request being served.
 */

export type { HistoryEventInput } from './history.events';
export { changedFields, hasChanges, historyValue, linkActor, publicActor, systemActor, userActor } from './history.events';

/** Field names whose values are never kept, whatever a caller passes (passwords, hashes, tokens, codes). */
const SECRET_FIELD = /pass|contrase|hash|token|secret|codigo/i;

function masked(cambios: Record<string, [HistoryValue, HistoryValue] | undefined>): Record<string, [HistoryValue, HistoryValue]> {
  const out: Record<string, [HistoryValue, HistoryValue]> = {};
  for (const [field, pair] of Object.entries(cambios)) {
    if (!pair) continue;
    out[field] = SECRET_FIELD.test(field) ? [HISTORY_SECRET, HISTORY_SECRET] : pair;
  }
  return out;
}

/** Writes one event on `handle` (the caller's transaction). */
export async function recordEvent(handle: Database, event: HistoryEventInput): Promise<void> {
  const cambios = event.cambios ? masked(event.cambios) : undefined;
  await createHistoryRepository(handle).insert({
    actorTipo: event.actor.tipo,
    actorId: event.actor.id ?? null,
    actorNombre: event.actor.nombre ?? null,
    entidad: event.entidad,
    entidadId: String(event.entidadId),
    accion: event.accion,
    cambios: cambios && Object.keys(cambios).length > 0 ? cambios : null,
    requestId: currentRequest()?.requestId ?? null,
  });
}

/** Writes several events in one statement on `handle` (a sweep that changed many records at once). */
export async function recordEvents(handle: Database, events: HistoryEventInput[]): Promise<void> {
  const repo = createHistoryRepository(handle);
  const requestId = currentRequest()?.requestId ?? null;
  for (let start = 0; start < events.length; start += 500) {
    await repo.insertMany(
      events.slice(start, start + 500).map((event) => {
        const cambios = event.cambios ? masked(event.cambios) : undefined;
        return {
          actorTipo: event.actor.tipo,
          actorId: event.actor.id ?? null,
          actorNombre: event.actor.nombre ?? null,
          entidad: event.entidad,
          entidadId: String(event.entidadId),
          accion: event.accion,
          cambios: cambios && Object.keys(cambios).length > 0 ? cambios : null,
          requestId,
        };
      }),
    );
  }
}

/** The history port: what a module's service takes as `history: HistoryPort`. */
export const historyPort = { record: recordEvent, recordMany: recordEvents };
export type HistoryPort = typeof historyPort;
