import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { careRecord, historyEvent, inspection, movement, pet, user } from '../../db/schema';
import { type Transactional, transactional } from '../../db/transactional';
import { anyOf } from '../../db/any-of';

export type InspectionRow = typeof inspection.$inferSelect;

/**
 * The inspections module's table, and its read model of what an inspector is shown (DESIGN section 9: a read model
 * may read other modules' tables, never write them): a pet's identity, care records and movements, and the read
 * events the history kept for each link.
 */
function queries(db: Database) {
  return {
    async insert(
      values: Pick<typeof inspection.$inferInsert, 'nombre' | 'organismo' | 'tokenHash' | 'venceEn' | 'createdBy'>,
    ): Promise<InspectionRow> {
      const [row] = await db.insert(inspection).values(values).returning();
      return row!;
    },

    /** The link of a token's hash while it is neither revoked nor expired: one lookup whatever the answer. */
    async active(tokenHash: string, now: Date): Promise<InspectionRow | undefined> {
      const [row] = await db
        .select()
        .from(inspection)
        .where(and(eq(inspection.tokenHash, tokenHash), isNull(inspection.revocadaEn), gt(inspection.venceEn, now)));
      return row;
    },

    /** Inside a transaction: the link's row, locked until it ends. */
    async lock(id: number): Promise<InspectionRow | undefined> {
      const [row] = await db.select().from(inspection).where(eq(inspection.id, id)).for('update');
      return row;
    },

    async revoke(id: number, now: Date): Promise<void> {
      await db.update(inspection).set({ revocadaEn: now }).where(eq(inspection.id, id));
    },

    /** Every link, newest first, with the name of who opened it. */
    async list(): Promise<(InspectionRow & { creadaPor: string | null })[]> {
      const rows = await db
        .select({ row: inspection, name: user.name, lastname: user.lastname })
        .from(inspection)
        .leftJoin(user, eq(user.id, inspection.createdBy))
        .orderBy(desc(inspection.createdAt), desc(inspection.id));
      return rows.map((r) => ({ ...r.row, creadaPor: r.name === null ? null : `${r.name} ${r.lastname ?? ''}`.trim() }));
    },

    /** The reads the history kept for these links (`enviar` events), newest first. */
    async reads(ids: number[]): Promise<{ inspectionId: number; en: Date; cambios: Record<string, unknown> | null }[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ entidadId: historyEvent.entidadId, en: historyEvent.en, cambios: historyEvent.cambios })
        .from(historyEvent)
        .where(
          and(
            eq(historyEvent.entidad, 'inspeccion'),
            eq(historyEvent.accion, 'enviar'),
            anyOf(
              historyEvent.entidadId,
              ids.map((id) => String(id)),
            ),
          ),
        )
        .orderBy(desc(historyEvent.id));
      return rows.map((r) => ({ inspectionId: Number(r.entidadId), en: r.en, cambios: r.cambios }));
    },

    /** The names of these pets (deleted ones too: a read stays told by the name the animal had). */
    async petNames(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: pet.id, nombre: pet.nombre }).from(pet).where(anyOf(pet.id, ids));
      return new Map(rows.map((r) => [r.id, r.nombre]));
    },

    /** A pet's identity, as the register book prints it (a deleted pet stays in the book, so it is read too). */
    async petIdentity(id: number) {
      const [row] = await db
        .select({
          id: pet.id,
          nombre: pet.nombre,
          especie: pet.tipo,
          raza: pet.raza,
          sexo: pet.genero,
          color: pet.color,
          microchip: pet.microchip,
          fechaNacimiento: pet.fechaNacimiento,
          fechaNacimientoAprox: pet.fechaNacimientoAprox,
          esterilizado: pet.esterilizado,
          fechaEsterilizacion: pet.fechaEsterilizacion,
        })
        .from(pet)
        .where(eq(pet.id, id));
      return row;
    },

    /** A pet's care records, by date (done or planned), without costs or notes. */
    async care(petId: number) {
      return db
        .select({
          id: careRecord.id,
          tipo: careRecord.tipo,
          nombre: careRecord.nombre,
          fechaProgramada: careRecord.fechaProgramada,
          fechaRealizada: careRecord.fechaRealizada,
          dosis: careRecord.dosis,
          lote: careRecord.lote,
          veterinario: careRecord.veterinario,
          resultado: careRecord.resultado,
          pesoKg: careRecord.pesoKg,
        })
        .from(careRecord)
        .where(eq(careRecord.petId, petId))
        .orderBy(sql`coalesce(${careRecord.fechaRealizada}, ${careRecord.fechaProgramada})`, asc(careRecord.id));
    },

    /** A pet's movements in order, without the person or the notes (a person's data is only what the book shows). */
    async movements(petId: number) {
      return db
        .select({
          id: movement.id,
          tipo: movement.tipo,
          fecha: movement.fecha,
          procedencia: movement.procedencia,
          procedenciaDetalle: movement.procedenciaDetalle,
          motivo: movement.motivo,
          veterinario: movement.veterinario,
        })
        .from(movement)
        .where(eq(movement.petId, petId))
        .orderBy(asc(movement.fecha), asc(movement.id));
    },
  };
}

export function createInspectionsRepository(db: Database): Transactional<ReturnType<typeof queries>> {
  return transactional(db, queries);
}
export type InspectionsRepository = ReturnType<typeof createInspectionsRepository>;
