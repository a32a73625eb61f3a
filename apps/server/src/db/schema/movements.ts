import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { person } from './persons';
import { pet } from './pets';
import { user } from './users';

/**
 * Where each pet went and when (DESIGN section 12), owned by the movements module: ingreso | acogida | adopcion |
 * devolucion | traslado | fallecimiento. A placement (`acogida`, `adopcion`) is open until a `devolucion` closes
 * it (`cerradaPor`); at most one is open per pet (partial unique index).
 */
export const movement = pgTable(
  'movement',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    petId: integer()
      .notNull()
      .references(() => pet.id, { onDelete: 'cascade' }),
    tipo: text().notNull(),
    fecha: date({ mode: 'string' }).notNull(),
    personaId: integer().references(() => person.id, { onDelete: 'restrict' }),
    motivo: text().notNull().default(''),
    /** Who certified a death or attended (name, clinic or registration number); '' when not given. */
    veterinario: text().notNull().default(''),
    /** On an `ingreso`: where the animal came from (DESIGN section 16); null elsewhere or when not given. */
    procedencia: text(),
    procedenciaDetalle: text().notNull().default(''),
    notas: text().notNull().default(''),
    /** For an open placement: null; once returned, the id of the `devolucion` that closed it. */
    cerradaPor: integer(),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('movement_pet').on(t.petId, t.fecha, t.id),
    index('movement_persona').on(t.personaId),
    uniqueIndex('movement_one_open_placement')
      .on(t.petId)
      .where(sql`${t.tipo} IN ('acogida', 'adopcion') AND ${t.cerradaPor} IS NULL`),
    check('movement_tipo', sql`${t.tipo} IN ('ingreso', 'acogida', 'adopcion', 'devolucion', 'traslado', 'fallecimiento')`),
    check(
      'movement_procedencia',
      sql`${t.procedencia} IS NULL OR (${t.tipo} = 'ingreso' AND ${t.procedencia} IN ('abandono', 'cesion', 'rescate', 'extraviado', 'nacimiento', 'traslado', 'decomiso', 'otra'))`,
    ),
  ],
);

/** A person's foster-home profile (DESIGN section 12), owned by the movements module. */
export const fosterProfile = pgTable('foster_profile', {
  personaId: integer()
    .primaryKey()
    .references(() => person.id, { onDelete: 'cascade' }),
  capacidad: integer().notNull(),
  /** Perro | Gato | Conejo */
  especies: jsonb().$type<string[]>().notNull().default([]),
  /** chico | mediano | grande */
  tamanos: jsonb().$type<string[]>().notNull().default([]),
  conNinos: boolean().notNull().default(false),
  conPerros: boolean().notNull().default(false),
  conGatos: boolean().notNull().default(false),
  noDisponible: jsonb().$type<{ desde: string; hasta: string }[]>().notNull().default([]),
  notas: text().notNull().default(''),
  version: integer().notNull().default(1),
  ...timestamps,
});
