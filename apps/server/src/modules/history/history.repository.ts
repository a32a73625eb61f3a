import { type SQL, and, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { historyEvent } from '../../db/schema';

export type HistoryEventRow = typeof historyEvent.$inferSelect;
export type HistoryEventInsert = Omit<typeof historyEvent.$inferInsert, 'id' | 'en'>;

export interface HistoryFilters {
  entidad?: string | undefined;
  entidadId?: string | undefined;
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
      const where: SQL | undefined = and(
        filters.entidad ? eq(historyEvent.entidad, filters.entidad) : undefined,
        filters.entidadId ? eq(historyEvent.entidadId, filters.entidadId) : undefined,
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
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
