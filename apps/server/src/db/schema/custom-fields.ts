import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/*
 * The organisation's own fields on pets and persons (DESIGN section 21), written by the custom-fields module only.
 * The values live with their record (`pet.campos`, `person.campos`, keyed by `clave`), so a field is never deleted:
 * archived, it keeps its values and leaves the forms.
 */
export const customField = pgTable(
  'custom_field',
  {
    id: serial().primaryKey(),
    /** mascota | persona */
    entidad: text().notNull(),
    /** a-z, 0-9 and `_`; unique per entity, archived fields included; never changes (the values are keyed by it). */
    clave: text().notNull(),
    etiqueta: text().notNull(),
    /** texto | texto_largo | numero | fecha | si_no | opcion | opciones; never changes. */
    tipo: text().notNull(),
    opciones: jsonb().$type<string[]>().notNull().default([]),
    /** Pets: the species that have it; empty, every species. */
    especies: jsonb().$type<string[]>().notNull().default([]),
    obligatorio: boolean().notNull().default(false),
    /** Pets: shown on the public catalogue. */
    publico: boolean().notNull().default(false),
    /** Persons: masked like the identity for the roles that mask. */
    sensible: boolean().notNull().default(false),
    ayuda: text(),
    orden: integer().notNull().default(0),
    archivado: boolean().notNull().default(false),
    /** Incremented by every save; a save based on an older one is refused (409). */
    version: integer().notNull().default(1),
    ...timestamps,
  },
  (t) => [unique('custom_field_entidad_clave').on(t.entidad, t.clave), check('custom_field_entidad', sql`${t.entidad} in ('mascota', 'persona')`)],
);

export type CustomFieldRow = typeof customField.$inferSelect;
