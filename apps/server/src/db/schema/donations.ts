import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { person } from './persons';
import { pet } from './pets';
import { user } from './users';

/*
 * Members' fees, sponsorships and the money received (DESIGN section 15), owned by the donations module. Amounts are
 * integer cents, never floats. A gift is never deleted (annulled or returned, it stays); a person's anonymisation keeps
 * the figures, since nothing here names the person but `persona_id`.
 */

/** A recurring fee (cuota): a member's (`socio`) or a sponsorship of a named animal (`padrino`). */
export const fee = pgTable(
  'fee',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    personaId: integer()
      .notNull()
      .references(() => person.id, { onDelete: 'restrict' }),
    /** socio | padrino */
    tipo: text().notNull(),
    importeCentimos: integer().notNull(),
    /** mensual | trimestral | semestral | anual */
    periodicidad: text().notNull(),
    desde: date({ mode: 'string' }).notNull(),
    /** The last day of the fee (its leave), or null while it runs. */
    hasta: date({ mode: 'string' }),
    /** The sponsored animal (required for `padrino`). */
    petId: integer().references(() => pet.id, { onDelete: 'restrict' }),
    /** domiciliacion | transferencia | bizum | tarjeta | efectivo */
    metodoPago: text().notNull(),
    /** The IBAN in its electronic format (only for `domiciliacion`): whole here and in the bank file, masked elsewhere. */
    iban: text(),
    /** The SEPA mandate (only for `domiciliacion`). */
    mandatoReferencia: text(),
    mandatoFechaFirma: date({ mode: 'string' }),
    /** activa | pendiente | baja */
    estado: text().notNull().default('activa'),
    bajaFecha: date({ mode: 'string' }),
    bajaMotivo: text().notNull().default(''),
    version: integer().notNull().default(1),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    updatedBy: text().references(() => user.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('fee_persona').on(t.personaId),
    index('fee_pet').on(t.petId),
    index('fee_estado').on(t.estado, t.tipo),
    check('fee_importe_positive', sql`${t.importeCentimos} > 0`),
    check('fee_tipo', sql`${t.tipo} IN ('socio', 'padrino')`),
    check('fee_periodicidad', sql`${t.periodicidad} IN ('mensual', 'trimestral', 'semestral', 'anual')`),
    check('fee_metodo_pago', sql`${t.metodoPago} IN ('domiciliacion', 'transferencia', 'bizum', 'tarjeta', 'efectivo')`),
    check('fee_estado', sql`${t.estado} IN ('activa', 'pendiente', 'baja')`),
    check('fee_padrino_has_pet', sql`${t.tipo} <> 'padrino' OR ${t.petId} IS NOT NULL`),
    check(
      'fee_direct_debit_has_mandate',
      sql`${t.metodoPago} <> 'domiciliacion' OR (${t.iban} IS NOT NULL AND ${t.mandatoReferencia} IS NOT NULL AND ${t.mandatoFechaFirma} IS NOT NULL)`,
    ),
    check('fee_iban_only_direct_debit', sql`${t.metodoPago} = 'domiciliacion' OR ${t.iban} IS NULL`),
    check('fee_baja_has_date', sql`${t.estado} <> 'baja' OR ${t.bajaFecha} IS NOT NULL`),
  ],
);

/** Money received (donativo): a fee's payment, a one-off gift, Teaming, an event; anonymous when `persona_id` is null. */
export const gift = pgTable(
  'gift',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    personaId: integer().references(() => person.id, { onDelete: 'restrict' }),
    importeCentimos: integer().notNull(),
    fecha: date({ mode: 'string' }).notNull(),
    /** domiciliacion | transferencia | bizum | tarjeta | efectivo */
    metodo: text().notNull(),
    /** cuota | apadrinamiento | donativo | teaming | evento | otro */
    concepto: text().notNull(),
    feeId: integer().references(() => fee.id, { onDelete: 'restrict' }),
    petId: integer().references(() => pet.id, { onDelete: 'restrict' }),
    /** The bank's reference ('' when none). */
    referencia: text().notNull().default(''),
    /** registrado | anulado | devuelto */
    estado: text().notNull().default('registrado'),
    anuladoMotivo: text().notNull().default(''),
    /** When a returned direct debit was recorded. */
    devueltoEn: timestamp({ withTimezone: true }),
    /**
     * A gift imported from a bank statement: the movement's key (date, cents, the bank's reference or else its
     * concept, and which of several identical movements of that statement it is), unique so that the same movement
     * is never stored twice, whoever confirms it and however often. Null for gifts entered by hand.
     */
    importClave: text(),
    version: integer().notNull().default(1),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    updatedBy: text().references(() => user.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('gift_persona').on(t.personaId),
    index('gift_fecha').on(t.fecha, t.id),
    index('gift_fee').on(t.feeId),
    uniqueIndex('gift_import_clave').on(t.importClave),
    check('gift_importe_positive', sql`${t.importeCentimos} > 0`),
    check('gift_metodo', sql`${t.metodo} IN ('domiciliacion', 'transferencia', 'bizum', 'tarjeta', 'efectivo')`),
    check('gift_concepto', sql`${t.concepto} IN ('cuota', 'apadrinamiento', 'donativo', 'teaming', 'evento', 'otro')`),
    check('gift_estado', sql`${t.estado} IN ('registrado', 'anulado', 'devuelto')`),
  ],
);

/**
 * A bank statement read and waiting for its confirmation (`POST /api/donativos/importar`): the incoming movements
 * as the dry run showed them (IBANs masked), so that the confirmation needs no file. Forgotten after `caducaEn`
 * (deleted by the next import); nothing in it is a record of the shelter until confirmed as gifts.
 */
export const bankImport = pgTable(
  'bank_import',
  {
    id: text().primaryKey(),
    archivo: text().notNull(),
    /** SHA-256 of the file, hex. */
    hash: text().notNull(),
    /** csv | norma43 */
    formato: text().notNull(),
    /** The incoming movements with their proposed match (see bank-import.service.ts, `PendingMovement`). */
    movimientos: jsonb().notNull(),
    ignorados: integer().notNull().default(0),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    caducaEn: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('bank_import_caduca').on(t.caducaEn)],
);
