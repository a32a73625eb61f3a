import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { pet } from './pets';
import { user } from './users';

/**
 * Care records (DESIGN section 11): vaccines, deworming, tests, treatments, surgeries, sterilisation, check-ups
 * and weights, planned (`fechaProgramada`) or done (`fechaRealizada`). Written by the care module only; a delete
 * removes the row and keeps its content in the history.
 */
export const careRecord = pgTable(
  'care_record',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    petId: integer()
      .notNull()
      .references(() => pet.id, { onDelete: 'cascade' }),
    tipo: text().notNull(),
    nombre: text().notNull(),
    fechaProgramada: date({ mode: 'string' }),
    fechaRealizada: date({ mode: 'string' }),
    repetirCadaDias: integer(),
    dosis: text().notNull().default(''),
    lote: text().notNull().default(''),
    veterinario: text().notNull().default(''),
    resultado: text().notNull().default(''),
    pesoKg: doublePrecision(),
    /** Cost in euro cents. */
    costeCentimos: integer(),
    notas: text().notNull().default(''),
    protocoloId: integer().references(() => careProtocol.id, { onDelete: 'set null' }),
    /**
     * The done record whose 'Hecho' planned this one (its repetition): undoing that 'Hecho' removes this one
     * while it is still planned and untouched.
     */
    plannedFromId: integer().references((): AnyPgColumn => careRecord.id, { onDelete: 'set null' }),
    /**
     * The pet is in the shelter (not deleted, not adopted): kept by the trigger care_record_pet_state on pet, so
     * that "what is due" reads one partial index without joining every pet.
     */
    mascotaActiva: boolean().notNull().default(true),
    version: integer().notNull().default(1),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    updatedBy: text().references(() => user.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('care_record_pet').on(t.petId),
    index('care_record_planned_from').on(t.plannedFromId),
    // What is due: planned, not done, pet in the shelter, by date (GET /api/salud/pendientes and the counts).
    index('care_record_due')
      .on(t.fechaProgramada, t.id)
      .where(sql`${t.fechaRealizada} IS NULL AND ${t.mascotaActiva}`),
    index('care_record_due_tipo')
      .on(t.tipo, t.fechaProgramada, t.id)
      .where(sql`${t.fechaRealizada} IS NULL AND ${t.mascotaActiva}`),
    check(
      'care_record_tipo',
      sql`${t.tipo} IN ('vacuna', 'desparasitacion_interna', 'desparasitacion_externa', 'test', 'tratamiento', 'cirugia', 'esterilizacion', 'revision', 'peso')`,
    ),
    check('care_record_fecha', sql`${t.fechaProgramada} IS NOT NULL OR ${t.fechaRealizada} IS NOT NULL`),
  ],
);

/** Files attached to a care record (PDF, JPEG, PNG, WebP), stored under salud/{petId}/ and served to staff only. */
export const careAttachment = pgTable(
  'care_attachment',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    recordId: integer()
      .notNull()
      .references(() => careRecord.id, { onDelete: 'cascade' }),
    petId: integer().notNull(),
    /** The file's name as sent (sanitised), shown to staff and used when downloading. */
    nombre: text().notNull(),
    /** Storage key (server-generated). */
    clave: text().notNull().unique(),
    tipo: text().notNull(),
    bytes: integer().notNull(),
    contentHash: text().notNull(),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('care_attachment_record').on(t.recordId)],
);

/** Per-species care protocols: steps with a day offset from the start and an optional repetition. */
export const careProtocol = pgTable('care_protocol', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  nombre: text().notNull(),
  tipoMascota: text().notNull(),
  nota: text().notNull().default(''),
  pasos: jsonb().$type<{ tipo: string; nombre: string; diasDesdeInicio: number; repetirCadaDias: number | null }[]>().notNull(),
  predeterminado: boolean().notNull().default(false),
  activo: boolean().notNull().default(true),
  version: integer().notNull().default(1),
  ...timestamps,
});
