import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { adoptionRequest } from './adoption-requests';
import { movement } from './movements';
import { person } from './persons';
import { pet } from './pets';
import { surrender } from './surrenders';
import { user } from './users';

/** Where the signature goes on a document's last page, in PDF points from the page's bottom-left corner. */
export type SignatureArea = { page: number; x: number; y: number; width: number; height: number };

/**
 * A document (DESIGN section 13): the adoption contract of an approved request or the acta of a return, its PDF kept in storage with its
 * SHA-256, and once signed the signed copy (a new key, never overwritten) with its own hash and the evidence.
 */
export const document = pgTable(
  'document',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** contrato_adopcion | acta_devolucion | contrato_cesion | acuerdo_voluntariado | contrato_acogida */
    tipo: text().notNull(),
    /** borrador | enviado | firmado | anulado */
    estado: text().notNull().default('borrador'),
    /** A contract's approved request (null for an acta). */
    solicitudId: integer().references(() => adoptionRequest.id, { onDelete: 'restrict' }),
    /** An acta's return movement (`devolucion` with a person; null for a contract). */
    movimientoId: integer().references(() => movement.id, { onDelete: 'restrict' }),
    /** A surrender contract's request (the owner signs before being a person; the pet exists once it is signed). */
    cesionId: integer().references(() => surrender.id, { onDelete: 'restrict' }),
    /** The pet (null for a person's agreement, and for a surrender contract until the animal enters). */
    petId: integer().references(() => pet.id, { onDelete: 'restrict' }),
    /** The signer (null only for a surrender contract until the animal enters: the request's contact signs). */
    personaId: integer().references(() => person.id, { onDelete: 'restrict' }),
    titulo: text().notNull(),
    storageKey: text().notNull(),
    sha256: text().notNull(),
    bytes: integer().notNull(),
    firmaArea: jsonb().$type<SignatureArea>().notNull(),
    firmadoKey: text(),
    firmadoSha256: text(),
    firmadoEn: timestamp({ withTimezone: true }),
    /** The signer's full name as typed, and the e-mail the code went to (remote) or the person's (in person). */
    firmanteNombre: text(),
    firmanteEmail: text(),
    firmaPresencial: boolean(),
    presenteId: text().references(() => user.id, { onDelete: 'set null' }),
    presenteNombre: text(),
    firmaIp: text(),
    firmaNavegador: text(),
    anuladoEn: timestamp({ withTimezone: true }),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('document_solicitud').on(t.solicitudId),
    index('document_persona').on(t.personaId),
    index('document_pet').on(t.petId),
    // At most one live contract (not annulled) per request: a second "Preparar contrato" annuls the first.
    uniqueIndex('document_live_per_request')
      .on(t.solicitudId, t.tipo)
      .where(sql`${t.estado} <> 'anulado'`),
    check('document_estado_check', sql`${t.estado} IN ('borrador', 'enviado', 'firmado', 'anulado')`),
    // At most one live acta (not annulled) per return: preparing again annuls the unsigned one.
    uniqueIndex('document_live_per_movement')
      .on(t.movimientoId)
      .where(sql`${t.estado} <> 'anulado' AND ${t.movimientoId} IS NOT NULL`),
    index('document_movimiento').on(t.movimientoId),
    // At most one live contract (not annulled) per surrender request.
    uniqueIndex('document_live_per_surrender')
      .on(t.cesionId)
      .where(sql`${t.estado} <> 'anulado' AND ${t.cesionId} IS NOT NULL`),
    index('document_cesion').on(t.cesionId),
    check(
      'document_tipo_check',
      sql`${t.tipo} IN ('contrato_adopcion', 'acta_devolucion', 'contrato_cesion', 'acuerdo_voluntariado', 'contrato_acogida')`,
    ),
    // Exactly one subject: a request's or a return's pet, a surrender request, or a person alone.
    check(
      'document_origin_check',
      sql`(${t.tipo} = 'contrato_adopcion' AND ${t.solicitudId} IS NOT NULL AND ${t.petId} IS NOT NULL AND ${t.personaId} IS NOT NULL AND ${t.cesionId} IS NULL)
        OR (${t.tipo} = 'acta_devolucion' AND ${t.movimientoId} IS NOT NULL AND ${t.petId} IS NOT NULL AND ${t.personaId} IS NOT NULL AND ${t.cesionId} IS NULL)
        OR (${t.tipo} = 'contrato_cesion' AND ${t.cesionId} IS NOT NULL AND ${t.solicitudId} IS NULL AND ${t.movimientoId} IS NULL)
        OR (${t.tipo} IN ('acuerdo_voluntariado', 'contrato_acogida') AND ${t.personaId} IS NOT NULL AND ${t.petId} IS NULL
          AND ${t.solicitudId} IS NULL AND ${t.movimientoId} IS NULL AND ${t.cesionId} IS NULL)`,
    ),
    check('document_signed_check', sql`${t.estado} <> 'firmado' OR (${t.firmadoKey} IS NOT NULL AND ${t.firmadoSha256} IS NOT NULL)`),
  ],
);

/** A link to sign a document remotely: the token's hash only; a new link replaces (revokes) the earlier one. */
export const documentLink = pgTable(
  'document_link',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    documentId: integer()
      .notNull()
      .references(() => document.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    venceEn: timestamp({ withTimezone: true }).notNull(),
    revocadoEn: timestamp({ withTimezone: true }),
    /** Wrong codes typed; the fifth locks the link. */
    fallos: integer().notNull().default(0),
    bloqueadoEn: timestamp({ withTimezone: true }),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('document_link_token').on(t.tokenHash), index('document_link_document').on(t.documentId)],
);

/** A 6-digit code e-mailed for a link (hashed); the latest one counts, older ones are replaced. */
export const documentCode = pgTable(
  'document_code',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    linkId: integer()
      .notNull()
      .references(() => documentLink.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    enviadoA: text().notNull(),
    venceEn: timestamp({ withTimezone: true }).notNull(),
    usadoEn: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_code_link').on(t.linkId, t.createdAt)],
);

/** The adoption fee, recorded (not charged), one per adoption request. */
export const adoptionFee = pgTable(
  'adoption_fee',
  {
    solicitudId: integer()
      .primaryKey()
      .references(() => adoptionRequest.id, { onDelete: 'restrict' }),
    /** Euro cents. */
    cuotaCentimos: integer().notNull(),
    metodoPago: text().notNull(),
    pagado: boolean().notNull().default(false),
    fechaPago: date({ mode: 'string' }),
    referencia: text().notNull().default(''),
    version: integer().notNull().default(1),
    updatedBy: text().references(() => user.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check('adoption_fee_amount_check', sql`${t.cuotaCentimos} >= 0 AND ${t.cuotaCentimos} < 10000000`),
    check('adoption_fee_method_check', sql`${t.metodoPago} IN ('transferencia', 'bizum', 'efectivo', 'tarjeta', 'exento')`),
    check('adoption_fee_exempt_check', sql`${t.metodoPago} <> 'exento' OR ${t.cuotaCentimos} = 0`),
  ],
);
