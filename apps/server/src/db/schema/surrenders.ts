import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { person } from './persons';
import { pet } from './pets';
import { user } from './users';

/** A photo sent with a surrender request, stored under cesiones/{folder}/ with its WebP thumbnail. */
export type SurrenderPhoto = {
  key: string;
  thumbKey: string;
  bytes: number;
  width: number;
  height: number;
  contentHash: string;
  contentType: string;
};

/**
 * A surrender (cesión) request (DESIGN section 19), owned by the surrenders module: the owner's contact as sent, the
 * animal, the reason and urgency, up to 5 photos, and its state along `nueva -> lista_espera -> aceptada -> ingresada`
 * (or `rechazada` / `retirada`). The owner becomes a person (role `cedente`) and the animal a pet when it enters.
 */
export const surrender = pgTable(
  'surrender',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** nueva | lista_espera | aceptada | ingresada | rechazada | retirada */
    estado: text().notNull().default('nueva'),
    nombre: text().notNull(),
    email: text().notNull().default(''),
    telefono: text().notNull().default(''),
    /** The owner's DNI or NIE as sent, checked and normalised (12345678Z); '' on requests made before it was asked. */
    documento: text().notNull().default(''),
    nombreAnimal: text().notNull(),
    especie: text().notNull(),
    sexo: text().notNull(),
    edad: text().notNull(),
    microchip: text().notNull().default(''),
    motivo: text().notNull(),
    /** baja | media | alta */
    urgencia: text().notNull(),
    fotos: jsonb().$type<SurrenderPhoto[]>().notNull().default([]),
    notas: text().notNull().default(''),
    /** Why it was rejected or withdrawn (or a note given with another step). */
    motivoDecision: text().notNull().default(''),
    personaId: integer().references(() => person.id, { onDelete: 'set null' }),
    petId: integer().references(() => pet.id, { onDelete: 'set null' }),
    decididoPor: text().references(() => user.id, { onDelete: 'set null' }),
    version: integer().notNull().default(1),
    ...timestamps,
  },
  (t) => [
    index('surrender_estado').on(t.estado, t.createdAt),
    index('surrender_persona').on(t.personaId),
    check('surrender_estado_check', sql`${t.estado} IN ('nueva', 'lista_espera', 'aceptada', 'ingresada', 'rechazada', 'retirada')`),
    check('surrender_urgencia_check', sql`${t.urgencia} IN ('baja', 'media', 'alta')`),
  ],
);
