import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { person } from './persons';
import { pet } from './pets';
import { user } from './users';

/*
 * Intake from outside rescuers (DESIGN sections 5 and 7): a package (Paquete) is a named offer; a registration
 * link is issued under a package to a named recipient; each public submission becomes a publication request.
 */
export const paquete = pgTable(
  'paquete',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    nombre: text().notNull(),
    descripcion: text().notNull().default(''),
    /** How many pets one link may register. */
    cupo: integer().notNull(),
    /** How many days a link stays valid. */
    diasVigencia: integer().notNull(),
    archivedAt: timestamp({ withTimezone: true }),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [check('paquete_cupo', sql`${t.cupo} >= 1`), check('paquete_dias_vigencia', sql`${t.diasVigencia} >= 1`)],
);

export const enlaceRegistro = pgTable(
  'enlace_registro',
  {
    /** An unguessable token (at least 128 random bits, base64url): the link id in /registro-mascota/{linkId}. */
    id: text().primaryKey(),
    paqueteId: integer()
      .notNull()
      .references(() => paquete.id, { onDelete: 'restrict' }),
    destinatario: text().notNull(),
    email: text().notNull().default(''),
    telefono: text().notNull().default(''),
    nota: text().notNull().default(''),
    /** Copied from the package when issued, so later package edits don't change issued links. */
    cupo: integer().notNull(),
    usados: integer().notNull().default(0),
    venceEn: timestamp({ withTimezone: true }).notNull(),
    revocadoEn: timestamp({ withTimezone: true }),
    /** The recipient's person, when the link was issued with contact data. */
    personaId: integer().references(() => person.id, { onDelete: 'restrict' }),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('enlace_registro_paquete').on(t.paqueteId),
    index('enlace_registro_persona').on(t.personaId),
    index('enlace_registro_created').on(t.createdAt.desc().nullsFirst()),
    check('enlace_registro_usados', sql`${t.usados} >= 0 AND ${t.usados} <= ${t.cupo}`),
  ],
);

/** A stored file of a publication request, under its own storage folder until approved. */
export type PublicationRequestMedia = {
  kind: 'principal' | 'imagen' | 'video';
  key: string;
  nombre: string;
  bytes: number;
  contentType: string;
  /** Images only: what the pet_image row needs when the request is approved. */
  width?: number;
  height?: number;
  contentHash?: string;
};

/** A public pet registration waiting for staff (SolicitudPublicacion): pendiente -> aprobada | rechazada. */
export const publicationRequest = pgTable(
  'publication_request',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    estado: text().notNull().default('pendiente'),
    /** The link it came through; null when submitted without one. */
    enlaceId: text().references(() => enlaceRegistro.id, { onDelete: 'set null' }),
    nombre: text().notNull(),
    edad: text().notNull(),
    tipo: text().notNull(),
    genero: text().notNull(),
    tamano: text().notNull(),
    discapacidad: boolean().notNull().default(false),
    personalidad: text().notNull().default(''),
    historia: text().notNull().default(''),
    tags: jsonb().$type<string[]>().notNull().default([]),
    contactoNombre: text().notNull(),
    contactoEmail: text().notNull(),
    contactoTelefono: text().notNull().default(''),
    /** The submitter's person (DESIGN section 10); null only before the backfill ran. */
    personaId: integer().references(() => person.id, { onDelete: 'restrict' }),
    media: jsonb().$type<PublicationRequestMedia[]>().notNull().default([]),
    motivoRechazo: text(),
    /** The draft pet created by approving it. */
    mascotaId: integer().references(() => pet.id, { onDelete: 'set null' }),
    decididoPor: text().references(() => user.id, { onDelete: 'set null' }),
    decididoEn: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('publication_request_estado').on(t.estado, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('publication_request_enlace').on(t.enlaceId),
    index('publication_request_persona').on(t.personaId),
    check('publication_request_estado_valid', sql`${t.estado} IN ('pendiente', 'aprobada', 'rechazada')`),
    check('publication_request_tipo', sql`${t.tipo} IN ('Perro', 'Gato', 'Conejo')`),
    check('publication_request_genero', sql`${t.genero} IN ('macho', 'hembra')`),
    check('publication_request_tamano', sql`${t.tamano} IN ('chico', 'mediano', 'grande')`),
  ],
);

/**
 * A public registration whose files are being stored (21.8): the request-media sweep leaves its folder alone
 * while `lastSeenAt` (renewed while the upload runs) is recent. Removed once the request row points at the files.
 */
export const uploadInProgress = pgTable('upload_in_progress', {
  folder: text().primaryKey(),
  lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
