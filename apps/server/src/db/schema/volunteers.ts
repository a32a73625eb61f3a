import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { document } from './documents';
import { person } from './persons';
import { pet } from './pets';
import { user } from './users';

/* Volunteers and shifts (DESIGN section 17), owned by the volunteers module. */

/** The volunteer part of a person: tasks, availability, courses, the signed agreement. One row per person. */
export const volunteerProfile = pgTable('volunteer_profile', {
  personaId: integer()
    .primaryKey()
    .references(() => person.id, { onDelete: 'cascade' }),
  tareas: jsonb().$type<string[]>().notNull().default([]),
  disponibilidad: text().notNull().default(''),
  formacion: jsonb().$type<{ curso: string; fecha: string }[]>().notNull().default([]),
  acuerdoDocumentoId: integer().references(() => document.id, { onDelete: 'set null' }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A recurring pattern of shifts: the shifts eight weeks ahead are materialised from it (and kept by a job). */
export const shiftTemplate = pgTable(
  'shift_template',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tarea: text().notNull(),
    /** ISO weekdays, 1 = Monday ... 7 = Sunday. */
    diasSemana: jsonb().$type<number[]>().notNull(),
    /** 'HH:MM', the organisation's wall clock. */
    horaInicio: text().notNull(),
    horaFin: text().notNull(),
    plazas: integer().notNull(),
    desde: date({ mode: 'string' }).notNull(),
    hasta: date({ mode: 'string' }),
    lugar: text(),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('shift_template_plazas_check', sql`${t.plazas} > 0`)],
);

/** A shift: a task at a time with a number of places. `dia` is its calendar day in the organisation's zone. */
export const shift = pgTable(
  'shift',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tarea: text().notNull(),
    inicio: timestamp({ withTimezone: true }).notNull(),
    fin: timestamp({ withTimezone: true }).notNull(),
    dia: date({ mode: 'string' }).notNull(),
    plazas: integer().notNull(),
    lugar: text(),
    notas: text(),
    plantillaId: integer().references(() => shiftTemplate.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shift_inicio').on(t.inicio),
    // One shift per template and day: materialising twice (two instances, a retried job) adds nothing.
    uniqueIndex('shift_plantilla_dia').on(t.plantillaId, t.dia),
    check('shift_plazas_check', sql`${t.plazas} > 0`),
    check('shift_fin_check', sql`${t.fin} > ${t.inicio}`),
  ],
);

/** A person on a shift: signed up, cancelled, and after it whether they came and for how long. */
export const shiftSignup = pgTable(
  'shift_signup',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    turnoId: integer()
      .notNull()
      .references(() => shift.id, { onDelete: 'cascade' }),
    personaId: integer()
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    /** apuntado | cancelado | asistio | no_asistio */
    estado: text().notNull().default('apuntado'),
    /** Minutes worked, once attendance is marked. */
    minutos: integer(),
    recordadoEn: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shift_signup_turno_persona').on(t.turnoId, t.personaId),
    index('shift_signup_persona').on(t.personaId),
    check('shift_signup_estado_check', sql`${t.estado} IN ('apuntado', 'cancelado', 'asistio', 'no_asistio')`),
  ],
);

/** A volunteer's self-service link: only the SHA-256 of the token is kept; a new link revokes the previous one. */
export const volunteerLink = pgTable(
  'volunteer_link',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    personaId: integer()
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    venceEn: timestamp({ withTimezone: true }).notNull(),
    revocadoEn: timestamp({ withTimezone: true }),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('volunteer_link_token').on(t.tokenHash), index('volunteer_link_persona').on(t.personaId)],
);

/**
 * "Busco acogida" (DESIGN section 17): a pet's card sent to one foster home with a personal link to answer yes or no.
 * Only the SHA-256 of the token is kept; sending again to the same home replaces its unanswered link.
 */
export const fosterOffer = pgTable(
  'foster_offer',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    petId: integer()
      .notNull()
      .references(() => pet.id, { onDelete: 'cascade' }),
    personaId: integer()
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    /** email | whatsapp */
    canal: text().notNull(),
    tokenHash: text().notNull(),
    venceEn: timestamp({ withTimezone: true }).notNull(),
    revocadoEn: timestamp({ withTimezone: true }),
    /** si | no; null until the home answers (it may change its answer until the pet is placed). */
    respuesta: text(),
    respondidaEn: timestamp({ withTimezone: true }),
    /** When staff placed the pet with this home from its answer. */
    colocadaEn: timestamp({ withTimezone: true }),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('foster_offer_token').on(t.tokenHash),
    index('foster_offer_pet').on(t.petId, t.createdAt),
    index('foster_offer_persona').on(t.personaId),
    check('foster_offer_canal_check', sql`${t.canal} IN ('email', 'whatsapp')`),
    check('foster_offer_respuesta_check', sql`${t.respuesta} IS NULL OR ${t.respuesta} IN ('si', 'no')`),
  ],
);
