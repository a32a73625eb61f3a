import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    version: integer().notNull().default(1),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    updatedBy: text().references(() => user.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('gift_persona').on(t.personaId),
    index('gift_fecha').on(t.fecha, t.id),
    index('gift_fee').on(t.feeId),
    check('gift_importe_positive', sql`${t.importeCentimos} > 0`),
    check('gift_metodo', sql`${t.metodo} IN ('domiciliacion', 'transferencia', 'bizum', 'tarjeta', 'efectivo')`),
    check('gift_concepto', sql`${t.concepto} IN ('cuota', 'apadrinamiento', 'donativo', 'teaming', 'evento', 'otro')`),
    check('gift_estado', sql`${t.estado} IN ('registrado', 'anulado', 'devuelto')`),
  ],
);

/**
 * A SEPA direct-debit batch (remesa): the due `domiciliacion` fees charged on one collection day, written once and
 * never changed. The creditor's data are kept as they were when it was made, so its bank file is always the same.
 */
export const remesa = pgTable(
  'remesa',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    fechaCobro: date({ mode: 'string' }).notNull(),
    /** Integer cents, the sum of its lines. */
    importeTotalCentimos: integer().notNull(),
    numero: integer().notNull(),
    /** emitida: the only state today (a returned debit is recorded on its gift). */
    estado: text().notNull().default('emitida'),
    acreedorNombre: text().notNull(),
    acreedorNif: text().notNull(),
    acreedorIdentificador: text().notNull(),
    /** The creditor's account, whole: it only leaves the server in the bank file. */
    acreedorIban: text().notNull(),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('remesa_fecha').on(t.fechaCobro, t.id),
    check('remesa_importe_positive', sql`${t.importeTotalCentimos} > 0`),
    check('remesa_numero_positive', sql`${t.numero} > 0`),
    check('remesa_estado', sql`${t.estado} IN ('emitida')`),
  ],
);

/**
 * One debit of a batch: a fee charged for one of its periods, with the gift that records the money. A fee is
 * charged at most once per period whatever the batch (`remesa_linea_fee_period`).
 */
export const remesaLinea = pgTable(
  'remesa_linea',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    remesaId: integer()
      .notNull()
      .references(() => remesa.id, { onDelete: 'restrict' }),
    feeId: integer()
      .notNull()
      .references(() => fee.id, { onDelete: 'restrict' }),
    giftId: integer()
      .notNull()
      .references(() => gift.id, { onDelete: 'restrict' }),
    /** The first day of the fee's period charged. */
    periodoDesde: date({ mode: 'string' }).notNull(),
    importeCentimos: integer().notNull(),
    /** The end-to-end id the bank sends back with a returned debit (also the gift's `referencia`). */
    referencia: text().notNull(),
    /** FRST for a mandate's first debit, RCUR after. */
    secuencia: text().notNull(),
    deudorNombre: text().notNull(),
    /** The debtor's account as charged, whole: masked everywhere but in the bank file. */
    iban: text().notNull(),
    mandatoReferencia: text().notNull(),
    mandatoFechaFirma: date({ mode: 'string' }).notNull(),
    concepto: text().notNull(),
  },
  (t) => [
    uniqueIndex('remesa_linea_fee_period').on(t.feeId, t.periodoDesde),
    uniqueIndex('remesa_linea_gift').on(t.giftId),
    uniqueIndex('remesa_linea_referencia').on(t.referencia),
    index('remesa_linea_remesa').on(t.remesaId, t.id),
    check('remesa_linea_importe_positive', sql`${t.importeCentimos} > 0`),
    check('remesa_linea_secuencia', sql`${t.secuencia} IN ('FRST', 'RCUR')`),
  ],
);
