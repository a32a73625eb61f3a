import type { CareType, LocationType } from '@refugio/contracts';
import { and, asc, count, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { careAttachment, careProtocol, careRecord, pet } from '../../db/schema';
import { type Transactional, transactional } from '../../db/transactional';
import { anyOf } from '../../db/any-of';

export type CareRecordRow = typeof careRecord.$inferSelect;
export type CareRecordInsert = Omit<typeof careRecord.$inferInsert, 'id' | 'mascotaActiva'>;
export type CareAttachmentRow = typeof careAttachment.$inferSelect;
export type CareProtocolRow = typeof careProtocol.$inferSelect;

/** A due record with what the round needs of its pet. */
export type DueRow = CareRecordRow & { petNombre: string; petTipo: string; petImagen: string | null };

/**
 * Planned, not done, the pet in the shelter: written as the partial indexes care_record_due(_tipo) are, literally
 * (a bound `= $1` for the flag would not prove the index's predicate in a generic plan).
 */
const DUE = sql`${careRecord.fechaRealizada} IS NULL AND ${careRecord.mascotaActiva}`;

const DONE_VACCINE = sql`EXISTS (SELECT 1 FROM care_record r WHERE r.pet_id = p.id AND r.tipo = 'vacuna' AND r.fecha_realizada IS NOT NULL)`;

function careQueries(db: Database) {
  return {
    async insert(values: CareRecordInsert): Promise<CareRecordRow> {
      const [row] = await db.insert(careRecord).values(values).returning();
      return row!;
    },

    async insertMany(values: CareRecordInsert[]): Promise<CareRecordRow[]> {
      if (values.length === 0) return [];
      return db.insert(careRecord).values(values).returning();
    },

    async find(id: number): Promise<CareRecordRow | undefined> {
      const [row] = await db.select().from(careRecord).where(eq(careRecord.id, id));
      return row;
    },

    /** The record with its row locked until the transaction ends. */
    async lock(id: number): Promise<CareRecordRow | undefined> {
      const [row] = await db.select().from(careRecord).where(eq(careRecord.id, id)).for('update');
      return row;
    },

    /** Applies `values` and increments the version, only at `expectedVersion`; undefined when stale. */
    async update(id: number, values: Partial<CareRecordInsert>, expectedVersion: number): Promise<CareRecordRow | undefined> {
      const [row] = await db
        .update(careRecord)
        .set({ ...values, version: sql`${careRecord.version} + 1` })
        .where(and(eq(careRecord.id, id), eq(careRecord.version, expectedVersion)))
        .returning();
      return row;
    },

    /** The records that `id`'s 'Hecho' planned (its next dose), locked until the transaction ends. */
    async lockPlannedFrom(id: number): Promise<CareRecordRow[]> {
      return db.select().from(careRecord).where(eq(careRecord.plannedFromId, id)).orderBy(asc(careRecord.id)).for('update');
    },

    async delete(id: number): Promise<void> {
      await db.delete(careRecord).where(eq(careRecord.id, id));
    },

    async listForPet(petId: number): Promise<CareRecordRow[]> {
      return db.select().from(careRecord).where(eq(careRecord.petId, petId)).orderBy(asc(careRecord.id));
    },

    async attachmentsOf(recordIds: number[]): Promise<CareAttachmentRow[]> {
      if (recordIds.length === 0) return [];
      return db.select().from(careAttachment).where(anyOf(careAttachment.recordId, recordIds)).orderBy(asc(careAttachment.id));
    },

    async insertAttachment(values: Omit<typeof careAttachment.$inferInsert, 'id' | 'createdAt'>): Promise<CareAttachmentRow> {
      const [row] = await db.insert(careAttachment).values(values).returning();
      return row!;
    },

    async findAttachment(recordId: number, attachmentId: number): Promise<CareAttachmentRow | undefined> {
      const [row] = await db
        .select()
        .from(careAttachment)
        .where(and(eq(careAttachment.id, attachmentId), eq(careAttachment.recordId, recordId)));
      return row;
    },

    async deleteAttachment(recordId: number, attachmentId: number): Promise<CareAttachmentRow | undefined> {
      const [row] = await db
        .delete(careAttachment)
        .where(and(eq(careAttachment.id, attachmentId), eq(careAttachment.recordId, recordId)))
        .returning();
      return row;
    },

    /** Every stored attachment key (the sweep keeps these). */
    async attachmentKeys(): Promise<Set<string>> {
      const rows = await db.select({ clave: careAttachment.clave }).from(careAttachment);
      return new Set(rows.map((r) => r.clave));
    },

    /** The latest done weight of a pet (by date, then by id), or null. */
    async latestWeight(petId: number): Promise<number | null> {
      const [row] = await db
        .select({ kg: careRecord.pesoKg })
        .from(careRecord)
        .where(and(eq(careRecord.petId, petId), eq(careRecord.tipo, 'peso'), isNotNull(careRecord.fechaRealizada), isNotNull(careRecord.pesoKg)))
        .orderBy(desc(careRecord.fechaRealizada), desc(careRecord.id))
        .limit(1);
      return row?.kg ?? null;
    },

    /**
     * What is due up to `hasta`: planned, not done, the pet in the shelter (care_record_due index), the most overdue
     * first. `total` counts the same rows.
     */
    async due(query: {
      hasta: string;
      tipo?: CareType | undefined;
      ubicacion?: LocationType | undefined;
      limit: number;
      offset: number;
    }): Promise<{ rows: DueRow[]; total: number }> {
      const where = and(
        DUE,
        lte(careRecord.fechaProgramada, query.hasta),
        query.tipo ? eq(careRecord.tipo, query.tipo) : undefined,
        query.ubicacion ? eq(pet.ubicacion, query.ubicacion) : undefined,
      );
      const [rows, [totalRow]] = await Promise.all([
        db
          .select({ record: careRecord, petNombre: pet.nombre, petTipo: pet.tipo, petImagen: pet.imagenPrincipal })
          .from(careRecord)
          .innerJoin(pet, eq(pet.id, careRecord.petId))
          .where(where)
          .orderBy(asc(careRecord.fechaProgramada), asc(careRecord.id))
          .limit(query.limit)
          .offset(query.offset),
        // The pet is joined only to filter by its place: without it the count reads the due index alone.
        query.ubicacion
          ? db.select({ n: count() }).from(careRecord).innerJoin(pet, eq(pet.id, careRecord.petId)).where(where)
          : db.select({ n: count() }).from(careRecord).where(where),
      ]);
      return {
        rows: rows.map((r) => ({ ...r.record, petNombre: r.petNombre, petTipo: r.petTipo, petImagen: r.petImagen })),
        total: totalRow?.n ?? 0,
      };
    },

    /** Overdue (before `today`) and today's planned care of pets in the shelter. */
    async dueCounts(today: string): Promise<{ vencidos: number; hoy: number }> {
      const [row] = await db
        .select({
          vencidos: sql<number>`count(*) FILTER (WHERE ${careRecord.fechaProgramada} < ${today})::int`,
          hoy: sql<number>`count(*) FILTER (WHERE ${careRecord.fechaProgramada} = ${today})::int`,
        })
        .from(careRecord)
        .where(and(DUE, lte(careRecord.fechaProgramada, today)));
      return { vencidos: row?.vencidos ?? 0, hoy: row?.hoy ?? 0 };
    },

    /** The public badges of some pets (no detail leaves this query: four booleans per pet). */
    async badges(petIds: number[], dewormedSince: string) {
      if (petIds.length === 0) return [];
      const result: unknown = await db.execute(sql`
        SELECT p.id,
               ${DONE_VACCINE} AS vacunado,
               EXISTS (SELECT 1 FROM care_record r WHERE r.pet_id = p.id
                        AND r.tipo IN ('desparasitacion_interna', 'desparasitacion_externa')
                        AND r.fecha_realizada >= ${dewormedSince}::date) AS desparasitado,
               p.esterilizado = 'si' AS esterilizado,
               p.microchip IS NOT NULL AS microchip
          FROM pet p
         WHERE ${anyOf(sql.raw('p.id'), petIds)}`);
      return (result as { rows: { id: number; vacunado: boolean; desparasitado: boolean; esterilizado: boolean; microchip: boolean }[] }).rows;
    },

    /* ---- protocols ---- */

    async listProtocols(): Promise<CareProtocolRow[]> {
      return db.select().from(careProtocol).orderBy(asc(careProtocol.tipoMascota), asc(careProtocol.id));
    },

    async findProtocol(id: number): Promise<CareProtocolRow | undefined> {
      const [row] = await db.select().from(careProtocol).where(eq(careProtocol.id, id));
      return row;
    },

    async insertProtocol(values: Omit<typeof careProtocol.$inferInsert, 'id'>): Promise<CareProtocolRow> {
      const [row] = await db.insert(careProtocol).values(values).returning();
      return row!;
    },

    async updateProtocol(
      id: number,
      values: Partial<typeof careProtocol.$inferInsert>,
      expectedVersion?: number,
    ): Promise<CareProtocolRow | undefined> {
      const [row] = await db
        .update(careProtocol)
        .set({ ...values, version: sql`${careProtocol.version} + 1` })
        .where(and(eq(careProtocol.id, id), expectedVersion === undefined ? undefined : eq(careProtocol.version, expectedVersion)))
        .returning();
      return row;
    },
  };
}

export const createCareRepository = (db: Database) => transactional(db, careQueries);
export type CareRepository = Transactional<ReturnType<typeof careQueries>>;
