import { type SQL, and, count, desc, eq, gte, lt, sql, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { historyEvent } from '../../db/schema';
import { anyOf } from '../../db/any-of';

export type HistoryEventRow = typeof historyEvent.$inferSelect;
export type HistoryEventInsert = Omit<typeof historyEvent.$inferInsert, 'id' | 'en'>;

export interface HistoryFilters {
  entidad?: string | undefined;
  entidadId?: string | undefined;
  /** Several records of `entidad` at once (a person and the persons merged into it). */
  entidadIds?: string[] | undefined;
  /** Events of these other records too (a pet's follow-ups in its history). */
  related?: { entidad: string; ids: string[] }[] | undefined;
  actorId?: string | undefined;
  from?: Date | undefined;
  until?: Date | undefined;
}

/** The only code that writes or reads the history table. Events are only ever inserted. */
export function createHistoryRepository(db: Database) {
  return {
    async insert(values: HistoryEventInsert): Promise<void> {
      await db.insert(historyEvent).values(values);
    },

    async insertMany(values: HistoryEventInsert[]): Promise<void> {
      if (values.length > 0) await db.insert(historyEvent).values(values);
    },

    /** Newest first, with the total the filters match. */
    async list(filters: HistoryFilters, page: number, pageSize: number): Promise<{ rows: HistoryEventRow[]; total: number }> {
      const own = and(
        filters.entidad ? eq(historyEvent.entidad, filters.entidad) : undefined,
        filters.entidadId ? eq(historyEvent.entidadId, filters.entidadId) : undefined,
        filters.entidadIds ? anyOf(historyEvent.entidadId, filters.entidadIds) : undefined,
      );
      const related = (filters.related ?? []).map((r) => and(eq(historyEvent.entidad, r.entidad), anyOf(historyEvent.entidadId, r.ids)));
      const where: SQL | undefined = and(
        related.length > 0 ? or(own, ...related) : own,
        filters.actorId ? eq(historyEvent.actorId, filters.actorId) : undefined,
        filters.from ? gte(historyEvent.en, filters.from) : undefined,
        filters.until ? lt(historyEvent.en, filters.until) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(historyEvent)
          .where(where)
          .orderBy(desc(historyEvent.en), desc(historyEvent.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(historyEvent).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** `id` and, transitively, every record of `entidad` merged into it (its `fusionar` events name them in `fusionadaCon`). */
    async mergedInto(entidad: string, id: string): Promise<string[]> {
      const result = await db.execute(sql`
        WITH RECURSIVE ids(id) AS (
          SELECT ${id}::text
          UNION
          SELECT h.cambios -> 'fusionadaCon' ->> 1
          FROM ${historyEvent} h JOIN ids ON h.entidad = ${entidad} AND h.entidad_id = ids.id AND h.accion = 'fusionar'
          WHERE h.cambios ? 'fusionadaCon'
        )
        SELECT id FROM ids WHERE id IS NOT NULL`);
      return (result as { rows: { id: string }[] }).rows.map((r) => r.id);
    },

    /**
     * The right to erasure: in the events of these records, the values of `fields` become `masked`, and a member
     * of the public or a link's recipient named as the actor is no longer named. The only update of the history.
     */
    async redact(entidad: string, entidadIds: string[], fields: string[], masked: string): Promise<void> {
      if (entidadIds.length === 0 || fields.length === 0) return;
      await db.execute(sql`
        UPDATE ${historyEvent} SET
          cambios = CASE WHEN cambios IS NULL THEN NULL ELSE (
            SELECT jsonb_object_agg(k, CASE WHEN k IN (${sql.join(
              fields.map((f) => sql`${f}`),
              sql`, `,
            )})
              THEN jsonb_build_array(CASE WHEN v ->> 0 IS NULL THEN NULL ELSE ${masked} END, CASE WHEN v ->> 1 IS NULL THEN NULL ELSE ${masked} END)
              ELSE v END)
            FROM jsonb_each(cambios) AS e(k, v)) END,
          actor_nombre = CASE WHEN actor_tipo IN ('publico', 'enlace') THEN NULL ELSE actor_nombre END
        WHERE entidad = ${entidad} AND ${anyOf(historyEvent.entidadId, entidadIds)}`);
    },
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
