import { type SQL, sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { person } from './persons';
import { pet } from './pets';
import { user } from './users';

/*
 * Adoption requests (Formularios de Solicitud; DESIGN sections 5 and 7): applications from the public pet
 * page, reviewed by staff. Status: nueva -> en_revision -> aprobada | rechazada, or retirada from an open state.
 */
export const adoptionRequest = pgTable(
  'adoption_request',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    petId: integer()
      .notNull()
      .references(() => pet.id, { onDelete: 'cascade' }),
    estado: text().notNull().default('nueva'),
    nombre: text().notNull(),
    email: text().notNull(),
    telefono: text().notNull(),
    edad: integer().notNull(),
    ciudad: text().notNull(),
    direccion: text().notNull(),
    /** casa | departamento | otro */
    vivienda: text().notNull(),
    viviendaPropia: boolean().notNull(),
    /** Whether the landlord allows pets; required when the home is rented, null when owned. */
    permiteMascotas: boolean(),
    patio: boolean().notNull(),
    personasEnCasa: integer().notNull(),
    ninosEnCasa: integer().notNull(),
    horasSolo: integer().notNull(),
    otrasMascotas: text().notNull().default(''),
    experiencia: text().notNull().default(''),
    motivo: text().notNull().default(''),
    aceptaVisita: boolean().notNull(),
    aceptaPrivacidad: boolean().notNull(),
    /** The person the application is linked to (DESIGN section 10); null only before the backfill ran. */
    personaId: integer().references(() => person.id, { onDelete: 'restrict' }),
    /** 'persona_bloqueada' when the applicant's person was blocked at submit; shown to staff only. */
    alerta: text(),
    /**
     * Another contact that staff confirmed for everything about this application (contract, codes, follow-ups,
     * reminders); while `contactoConfirmadoEn` is null the application's own e-mail and phone are used.
     */
    contactoEmail: text(),
    contactoTelefono: text(),
    contactoConfirmadoEn: timestamp({ withTimezone: true }),
    contactoConfirmadoPor: text(),
    /** Incremented by every move; a move based on an older one is refused (409). */
    version: integer().notNull().default(1),
    /** Accent- and case-folded applicant name, e-mail and phone, searched by the staff list (trigram index). */
    searchText: text().generatedAlwaysAs(
      (): SQL => sql`refugio_fold(${adoptionRequest.nombre} || ' ' || ${adoptionRequest.email} || ' ' || ${adoptionRequest.telefono})`,
    ),
    ...timestamps,
  },
  (t) => [
    index('adoption_request_estado').on(t.estado, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('adoption_request_pet').on(t.petId, t.estado),
    index('adoption_request_created').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('adoption_request_persona').on(t.personaId),
    index('adoption_request_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The duplicate guard: the same e-mail for the same pet within a day.
    index('adoption_request_duplicate').on(t.petId, sql`lower(${t.email})`, t.createdAt),
    check('adoption_request_estado_valid', sql`${t.estado} IN ('nueva', 'en_revision', 'aprobada', 'rechazada', 'retirada')`),
    check('adoption_request_vivienda_valid', sql`${t.vivienda} IN ('casa', 'departamento', 'otro')`),
    check('adoption_request_edad_adult', sql`${t.edad} >= 18`),
    check('adoption_request_horas_solo', sql`${t.horasSolo} BETWEEN 0 AND 24`),
  ],
);

/** The history of an adoption request: every status move and every staff note, with author and time. */
export const adoptionRequestEvent = pgTable(
  'adoption_request_event',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    requestId: integer()
      .notNull()
      .references(() => adoptionRequest.id, { onDelete: 'cascade' }),
    /** 'estado' (a move from deEstado to aEstado, with an optional note) or 'nota' (a staff note). */
    tipo: text().notNull(),
    deEstado: text(),
    aEstado: text(),
    nota: text().notNull().default(''),
    authorId: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('adoption_request_event_request').on(t.requestId, t.createdAt),
    check('adoption_request_event_tipo', sql`${t.tipo} IN ('estado', 'nota')`),
  ],
);
