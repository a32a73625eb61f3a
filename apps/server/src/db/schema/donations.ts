import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /**
     * The debtor's bank (BIC) and address as the mandate gives them: optional, but required for an account outside
     * the EEA (CH, GB, AD…), whose bank wants both in the file.
     */
    bic: text(),
    deudorDireccion: text(),
    deudorLocalidad: text(),
    /** ISO 3166 two letters. */
    deudorPais: text(),
    /** activa | pendiente | baja */
    estado: text().notNull().default('activa'),
    bajaFecha: date({ mode: 'string' }),
    bajaMotivo: text().notNull().default(''),
    /** What the public form (/colabora) said of its author's identity when the person existed (see `gift.datosEnviados`). */
    datosEnviados: jsonb().$type<Record<string, string>>(),
    /** A sponsor's news of their animal by e-mail (padrino_novedad): false when the person opted out. */
    recibirNovedades: boolean().notNull().default(true),
    /**
     * Why staff must decide with the sponsor what happens to this sponsorship: the animal was adopted (`adopcion`) or
     * died (`fallecimiento`); null when nothing is pending. Nothing else changes until staff move it or end it.
     */
    decisionPendiente: text(),
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
    check('fee_decision_pendiente', sql`${t.decisionPendiente} IS NULL OR ${t.decisionPendiente} IN ('adopcion', 'fallecimiento')`),
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
    /**
     * registrado | anulado | devuelto | pendiente. `pendiente`: a one-off gift promised on /colabora by direct debit,
     * waiting for staff to confirm it (it counts in no total, certificate or modelo 182 until then).
     */
    estado: text().notNull().default('registrado'),
    /**
     * Whether the gift is deductible under Ley 49/2002 (art. 17 and 24): a consideration received for it (a dinner
     * ticket, an adoption fee) makes it not a gift. By default from the concept (`evento` and `otro`: not); staff
     * may change it (with history). Only deductible gifts enter certificates and the modelo 182.
     */
    deducible: boolean().notNull().default(true),
    /**
     * What a public form (/colabora) said of its author's identity (name, NIF, postcode, address), kept as written
     * when the person linked already existed: staff compare and apply it ("Usar estos datos"); null otherwise.
     */
    datosEnviados: jsonb().$type<Record<string, string>>(),
    /** The debtor's IBAN and SEPA mandate of a one-off direct debit promised on /colabora (else null). */
    iban: text(),
    mandatoReferencia: text(),
    mandatoFechaFirma: date({ mode: 'string' }),
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
    // The annulled and returned gifts (some 3 %): the list filtered by them, and the returned debits "Pendientes" counts.
    index('gift_closed')
      .on(t.estado, t.fecha, t.id)
      .where(sql`${t.estado} <> 'registrado'`),
    uniqueIndex('gift_import_clave').on(t.importClave),
    check('gift_importe_positive', sql`${t.importeCentimos} > 0`),
    check('gift_metodo', sql`${t.metodo} IN ('domiciliacion', 'transferencia', 'bizum', 'tarjeta', 'efectivo')`),
    check('gift_concepto', sql`${t.concepto} IN ('cuota', 'apadrinamiento', 'donativo', 'teaming', 'evento', 'otro')`),
    check('gift_estado', sql`${t.estado} IN ('registrado', 'anulado', 'devuelto', 'pendiente')`),
    check(
      'gift_pending_has_mandate',
      sql`${t.estado} <> 'pendiente' OR (${t.metodo} = 'domiciliacion' AND ${t.iban} IS NOT NULL AND ${t.mandatoReferencia} IS NOT NULL AND ${t.mandatoFechaFirma} IS NOT NULL)`,
    ),
    check('gift_iban_only_direct_debit', sql`${t.metodo} = 'domiciliacion' OR ${t.iban} IS NULL`),
  ],
);

/**
 * A donor's certificate of a year (RD 1270/2003 art. 6) sent by e-mail: one row per person and year, so a second
 * "send the certificates" or a second worker never sends it twice. Created `programado` with the job that sends it;
 * `enviado` once the e-mail (with the PDF stored under `archivo`) is written to the messages module, which delivers it.
 */
export const donationCertificate = pgTable(
  'donation_certificate',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    personaId: integer()
      .notNull()
      .references(() => person.id, { onDelete: 'restrict' }),
    anio: integer().notNull(),
    /** programado | enviado | omitido (no e-mail, no consent or no NIF any more when its turn came) */
    estado: text().notNull().default('programado'),
    /** The total certified, integer cents (when sent). */
    importeCentimos: integer(),
    /** The PDF's storage key (when sent). */
    archivo: text(),
    /** The message (messages module) that carries it. */
    mensajeId: integer(),
    motivo: text().notNull().default(''),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    unique('donation_certificate_persona_anio').on(t.personaId, t.anio),
    check('donation_certificate_estado', sql`${t.estado} IN ('programado', 'enviado', 'omitido')`),
  ],
);

/**
 * A modelo 182 presented to the AEAT (DESIGN section 15): the year, the day, the justificante the AEAT's receipt
 * names, which kind of declaration it was, and what it declared (one entry per type-2 record), so that a later change
 * of that year's gifts is presented as a complementary or substitute declaration instead of a silently different
 * file. Never changed or deleted.
 */
export const modelo182Presentacion = pgTable(
  'modelo182_presentacion',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    anio: integer().notNull(),
    presentadaEn: date({ mode: 'string' }).notNull(),
    /** 13 digits starting with 182. */
    justificante: text().notNull(),
    /** normal | complementaria | sustitutiva */
    tipo: text().notNull(),
    justificanteAnterior: text(),
    /** The type-2 records presented: `{ personaId, nif, importeCentimos }[]` (the file is rebuilt from them). */
    declarados: jsonb().$type<{ personaId: number; nif: string; importeCentimos: number }[]>().notNull(),
    numero: integer().notNull(),
    importeTotalCentimos: integer().notNull(),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('modelo182_presentacion_justificante').on(t.justificante),
    index('modelo182_presentacion_anio').on(t.anio, t.id),
    check('modelo182_presentacion_tipo', sql`${t.tipo} IN ('normal', 'complementaria', 'sustitutiva')`),
  ],
);

/** The last news e-mail (padrino_novedad) of a sponsorship: at most one a week, gathering what is new since. */
export const sponsorUpdate = pgTable('sponsor_update', {
  feeId: integer()
    .primaryKey()
    .references(() => fee.id, { onDelete: 'cascade' }),
  ultimoEnvio: timestamp({ withTimezone: true }).notNull(),
  /** The message (messages module) of the last send. */
  mensajeId: integer(),
});

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
    /** The debtor's BIC and address as charged (from the fee), or null. */
    bic: text(),
    deudorDireccion: text(),
    deudorLocalidad: text(),
    deudorPais: text(),
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
