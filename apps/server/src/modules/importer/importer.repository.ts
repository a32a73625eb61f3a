import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { importBatch, importKey, importMapping, importRow } from '../../db/schema';

export type ImportBatchRow = typeof importBatch.$inferSelect;
export type ImportRowRow = typeof importRow.$inferSelect;
/** What a row's record says, without its import's id. */
export type RowRecord = Omit<typeof importRow.$inferInsert, 'importId'>;

/** The importer's own tables (db/schema/importer.ts). */
export function createImporterRepository(db: Database) {
  return {
    handle: db,

    async insertBatch(values: typeof importBatch.$inferInsert): Promise<void> {
      await db.insert(importBatch).values(values);
    },

    async find(id: string): Promise<ImportBatchRow | undefined> {
      const [row] = await db.select().from(importBatch).where(eq(importBatch.id, id));
      return row;
    },

    /** The batch without its rows (the status answer). */
    async findHead(id: string) {
      const [row] = await db
        .select({
          id: importBatch.id,
          tipo: importBatch.tipo,
          archivo: importBatch.archivo,
          estado: importBatch.estado,
          // Rows with something written in some cell (an empty row is not a row of data).
          total: sql<number>`(SELECT count(*) FROM jsonb_array_elements(${importBatch.filas}) AS r(cells)
            WHERE EXISTS (SELECT 1 FROM jsonb_array_elements_text(r.cells) AS c(v) WHERE c.v ~ '[^[:space:]]'))`.mapWith(Number),
          creados: importBatch.creados,
          actualizados: importBatch.actualizados,
          omitidos: importBatch.omitidos,
          deshechos: importBatch.deshechos,
          conservados: importBatch.conservados,
          createdAt: importBatch.createdAt,
        })
        .from(importBatch)
        .where(eq(importBatch.id, id));
      return row;
    },

    async setMapping(id: string, mapeo: Record<string, string>, formatoFecha: string | null, incluir: number[]): Promise<void> {
      await db.update(importBatch).set({ mapeo, formatoFecha, incluir }).where(eq(importBatch.id, id));
    },

    /** Moves the batch from one of `from` to `to`; false when it was in none of them (someone else moved it). */
    async setState(id: string, from: string[], to: string, figures: Partial<typeof importBatch.$inferInsert> = {}): Promise<boolean> {
      const rows = await db
        .update(importBatch)
        .set({ estado: to, ...figures })
        .where(and(eq(importBatch.id, id), inArray(importBatch.estado, from)))
        .returning({ id: importBatch.id });
      return rows.length === 1;
    },

    async savedMapping(tipo: string): Promise<Map<string, string>> {
      const rows = await db.select().from(importMapping).where(eq(importMapping.tipo, tipo));
      return new Map(rows.map((r) => [r.columna, r.campo]));
    },

    async saveMapping(tipo: string, entries: [string, string][]): Promise<void> {
      if (entries.length === 0) return;
      await db
        .insert(importMapping)
        .values(entries.map(([columna, campo]) => ({ tipo, columna, campo })))
        .onConflictDoUpdate({ target: [importMapping.tipo, importMapping.columna], set: { campo: sql`excluded.campo`, updatedAt: new Date() } });
    },

    async processedRows(importId: string): Promise<Set<number>> {
      const rows = await db.select({ fila: importRow.fila }).from(importRow).where(eq(importRow.importId, importId));
      return new Set(rows.map((r) => r.fila));
    },

    async insertRow(values: typeof importRow.$inferInsert): Promise<void> {
      await db.insert(importRow).values(values);
    },

    /** Several rows' records in one statement per 500. */
    async insertRows(values: (typeof importRow.$inferInsert)[]): Promise<void> {
      for (let i = 0; i < values.length; i += 500) await db.insert(importRow).values(values.slice(i, i + 500));
    },

    /** The records this import created so far (their ids). */
    async createdIds(importId: string): Promise<Set<number>> {
      const rows = await db
        .select({ id: importRow.entidadId })
        .from(importRow)
        .where(and(eq(importRow.importId, importId), eq(importRow.resultado, 'creado')));
      return new Set(rows.flatMap((r) => (r.id === null ? [] : [r.id])));
    },

    async rows(importId: string, resultado?: string[]): Promise<ImportRowRow[]> {
      return db
        .select()
        .from(importRow)
        .where(and(eq(importRow.importId, importId), resultado ? inArray(importRow.resultado, resultado) : undefined))
        .orderBy(asc(importRow.fila));
    },

    async countsOf(importId: string): Promise<Record<string, number>> {
      const rows = await db
        .select({ resultado: importRow.resultado, n: sql<number>`count(*)::int` })
        .from(importRow)
        .where(eq(importRow.importId, importId))
        .groupBy(importRow.resultado);
      return Object.fromEntries(rows.map((r) => [r.resultado, r.n]));
    },

    async setRowResult(importId: string, fila: number, resultado: string): Promise<void> {
      await db
        .update(importRow)
        .set({ resultado })
        .where(and(eq(importRow.importId, importId), eq(importRow.fila, fila)));
    },

    async keysOf(tipo: string, codigos: string[]): Promise<Map<string, number>> {
      const found = new Map<string, number>();
      for (let i = 0; i < codigos.length; i += 1000) {
        const rows = await db
          .select({ codigo: importKey.codigo, entidadId: importKey.entidadId })
          .from(importKey)
          .where(and(eq(importKey.tipo, tipo), inArray(importKey.codigo, codigos.slice(i, i + 1000))));
        for (const row of rows) found.set(row.codigo, row.entidadId);
      }
      return found;
    },

    async saveKey(tipo: string, codigo: string, entidadId: number, importId: string): Promise<void> {
      await db
        .insert(importKey)
        .values({ tipo, codigo, entidadId, importId })
        .onConflictDoUpdate({ target: [importKey.tipo, importKey.codigo], set: { entidadId, importId } });
    },

    async saveKeys(tipo: string, keys: [string, number][], importId: string): Promise<void> {
      if (keys.length === 0) return;
      await db
        .insert(importKey)
        .values(keys.map(([codigo, entidadId]) => ({ tipo, codigo, entidadId, importId })))
        .onConflictDoUpdate({
          target: [importKey.tipo, importKey.codigo],
          set: { entidadId: sql`excluded.entidad_id`, importId: sql`excluded.import_id` },
        });
    },

    async removeKey(tipo: string, entidadId: number, importId: string): Promise<void> {
      await db.delete(importKey).where(and(eq(importKey.tipo, tipo), eq(importKey.entidadId, entidadId), eq(importKey.importId, importId)));
    },
  };
}

export type ImporterRepository = ReturnType<typeof createImporterRepository>;
