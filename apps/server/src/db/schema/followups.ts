import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FosterNewsPhoto } from './foster-portal';
import { movement } from './movements';
import { person } from './persons';
import { pet } from './pets';
import { user } from './users';

/** A photo an adopter sent with a check-in: stored under seguimientos/{folder}/ with its thumbnail. */
export type FollowupPhoto = FosterNewsPhoto;

/**
 * Follow-up after an adoption (DESIGN section 13), owned by the followups module: the check-ins (`seguimiento`)
 * planned when an adoption opens, answered from the adopter's phone through a link whose token only the SHA-256 of
 * is kept, and the adoption's obligations (sterilisation, the microchip's change of owner), reminded once.
 */
export const followup = pgTable(
  'followup',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The `adopcion` movement that planned it. */
    adopcionId: integer()
      .notNull()
      .references(() => movement.id, { onDelete: 'cascade' }),
    petId: integer()
      .notNull()
      .references(() => pet.id, { onDelete: 'cascade' }),
    personaId: integer().references(() => person.id, { onDelete: 'set null' }),
    /** seguimiento | esterilizacion | cambio_titularidad_microchip */
    tipo: text().notNull(),
    vence: date({ mode: 'string' }).notNull(),
    /** pendiente | enviado | respondido | hecho | anulado */
    estado: text().notNull().default('pendiente'),
    tokenHash: text(),
    enlaceVenceEn: timestamp({ withTimezone: true }),
    enviadoEn: timestamp({ withTimezone: true }),
    recordadoEn: timestamp({ withTimezone: true }),
    comoVa: text(),
    comentario: text().notNull().default(''),
    fotos: jsonb().$type<FollowupPhoto[]>().notNull().default([]),
    respondidoEn: timestamp({ withTimezone: true }),
    atendidoEn: timestamp({ withTimezone: true }),
    atendidoPor: text().references(() => user.id, { onDelete: 'set null' }),
    hechoEn: timestamp({ withTimezone: true }),
    hechoPor: text().references(() => user.id, { onDelete: 'set null' }),
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('followup_token').on(t.tokenHash),
    index('followup_estado_vence').on(t.estado, t.vence),
    index('followup_pet').on(t.petId),
    index('followup_persona').on(t.personaId),
    index('followup_adopcion').on(t.adopcionId),
    check('followup_tipo_check', sql`${t.tipo} IN ('seguimiento', 'esterilizacion', 'cambio_titularidad_microchip')`),
    check('followup_estado_check', sql`${t.estado} IN ('pendiente', 'enviado', 'respondido', 'hecho', 'anulado')`),
    check('followup_como_va_check', sql`${t.comoVa} IS NULL OR ${t.comoVa} IN ('bien', 'regular', 'necesito_ayuda')`),
  ],
);
