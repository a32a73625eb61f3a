import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The history of every change to a shelter record (DESIGN section 9), one row per change, written in the same
 * transaction as the change by the history module (modules/history). Never updated or deleted by the application;
 * no foreign keys, so an event outlives its record (a deleted user, a purged pet).
 */
export const historyEvent = pgTable(
  'history_event',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    en: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** usuario | publico | enlace | sistema */
    actorTipo: text().notNull(),
    actorId: text(),
    /** The actor's name when the change was made (kept as it was then). */
    actorNombre: text(),
    entidad: text().notNull(),
    entidadId: text().notNull(),
    /** crear | modificar | eliminar | restaurar | estado | fusionar | enviar | firmar | anonimizar */
    accion: text().notNull(),
    /** { campo: [antes, despues] }; secrets are masked, never stored. */
    cambios: jsonb().$type<Record<string, [unknown, unknown]>>(),
    requestId: text(),
  },
  (t) => [
    index('history_event_entity').on(t.entidad, t.entidadId, t.en.desc(), t.id.desc()),
    index('history_event_actor').on(t.actorId, t.en.desc(), t.id.desc()),
    index('history_event_en').on(t.en.desc(), t.id.desc()),
    check('history_event_actor_tipo', sql`${t.actorTipo} IN ('usuario', 'publico', 'enlace', 'sistema')`),
    check(
      'history_event_accion',
      sql`${t.accion} IN ('crear', 'modificar', 'eliminar', 'restaurar', 'estado', 'fusionar', 'enviar', 'firmar', 'anonimizar')`,
    ),
  ],
);
