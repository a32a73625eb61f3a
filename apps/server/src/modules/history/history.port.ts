import { HISTORY_SECRET, type HistoryValue } from '@refugio/contracts';
import type { Database } from '../../db/client';
import { currentRequest } from '../../lib/request-context';
import type { HistoryEventInput } from './history.events';
import { createHistoryRepository } from './history.repository';
import type { HistoryViewer, RelatedHistory, RelatedHistoryRegistry } from './history.related';
import { toHistoryEvent } from './history.service';

/*
 * What other modules ask of the history: `record(tx.handle, event)`, called inside the transaction of the change
 * (the handle is that transaction), so a change and its event commit together and a refused or failed change
 * writes nothing. The request id is taken from the request being served.
 */

export type { CustomFieldHistoryField, HistoryEventInput, PersonHistoryField, PetHistoryField } from './history.events';
export type { HistoryViewer, RelatedHistory } from './history.related';
export { changedFields, hasChanges, historyValue, linkActor, publicActor, systemActor, userActor } from './history.events';

/**
 * Field names whose values are never kept, whatever a caller passes (passwords, hashes, tokens, codes); a postcode
 * (`codigoPostal`) is a person's data, not a secret, and is kept (and redacted by an anonymisation).
 */
const SECRET_FIELD = /pass|contrase|hash|token|secret|codigo(?!postal)/i;

function masked(cambios: Record<string, [HistoryValue, HistoryValue] | undefined>): Record<string, [HistoryValue, HistoryValue]> {
  const out: Record<string, [HistoryValue, HistoryValue]> = {};
  for (const [field, pair] of Object.entries(cambios)) {
    if (!pair) continue;
    out[field] = SECRET_FIELD.test(field) ? [HISTORY_SECRET, HISTORY_SECRET] : pair;
  }
  return out;
}

/** Writes one event on `handle` (the caller's transaction). */
async function recordEvent(handle: Database, event: HistoryEventInput): Promise<void> {
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
async function recordEvents(handle: Database, events: HistoryEventInput[]): Promise<void> {
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

/** The value a redacted personal value shows in `cambios`. */
export const HISTORY_REDACTED = '[anonimizado]';

/**
 * Anonymisation (the right to erasure), in the caller's transaction: the personal values among `fields` in the
 * events of these records are replaced by HISTORY_REDACTED, and a member of the public named as the actor is no
 * longer named. What happened and when stays.
 */
async function redactEvents(handle: Database, entidad: string, entidadIds: (string | number)[], fields: string[]): Promise<void> {
  await createHistoryRepository(handle).redact(entidad, entidadIds.map(String), fields, HISTORY_REDACTED);
}

/** A person's events (and those of the persons merged into it) without the personal values of `fields`. */
async function redactPersonEvents(handle: Database, personaId: number, fields: string[]): Promise<void> {
  const repo = createHistoryRepository(handle);
  await repo.redact('persona', await repo.mergedInto('persona', String(personaId)), fields, HISTORY_REDACTED);
}

/**
 * The history port, built once (history.module.ts) over the registry of related records: every module writes its
 * events through it, in the caller's transaction (`handle`), and registers which of its records belong in a pet's
 * or a person's history.
 */
export function createHistoryPort(related: RelatedHistoryRegistry) {
  return {
    record: recordEvent,
    recordMany: recordEvents,
    redact: redactEvents,
    redactPerson: redactPersonEvents,
    /**
     * A person's events, newest first, with those of the persons merged into it and of the records about it (read by
     * its page and its export); the records registered `adminOnly` (money) only when `viewer` is an administrator.
     */
    async personEvents(handle: Database, personaId: number, page: number, pageSize: number, viewer: HistoryViewer) {
      const repo = createHistoryRepository(handle);
      const ids = await repo.mergedInto('persona', String(personaId));
      const relatedIds = await related.recordsOf(handle, { personaIds: ids.map(Number).filter(Number.isInteger) }, viewer);
      const { rows, total } = await repo.list({ entidad: 'persona', entidadIds: ids, related: relatedIds }, page, pageSize);
      return { items: rows.map(toHistoryEvent), total, page, pageSize };
    },
    registerRelated: (entry: RelatedHistory): void => related.register(entry),
    /** The related records of a pet or of persons (the history's reading). */
    relatedOf: (handle: Database, of: { petId: number } | { personaIds: number[] }, viewer: HistoryViewer) => related.recordsOf(handle, of, viewer),
  };
}

/** The history port: what a module's service takes as `history: HistoryPort` (or the part of it it uses). */
export type HistoryPort = ReturnType<typeof createHistoryPort>;
