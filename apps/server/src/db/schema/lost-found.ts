import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import type { SurrenderPhoto } from './surrenders';

/**
 * A lost or found report (DESIGN section 19), owned by the lost-found module: written by a member of the public and
 * managed through a private link (only the SHA-256 of its token is kept); open until `venceEn` (60 days, renewable).
 */
export const lostFoundReport = pgTable(
  'lost_found_report',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** perdido | encontrado */
    tipo: text().notNull(),
    /** abierto | reunido | cerrado (caducado is computed from venceEn) */
    estado: text().notNull().default('abierto'),
    especie: text().notNull(),
    sexo: text(),
    color: text().notNull(),
    tamano: text(),
    microchip: text().notNull().default(''),
    municipio: text().notNull(),
    codigoPostal: text().notNull(),
    fecha: date({ mode: 'string' }).notNull(),
    descripcion: text().notNull(),
    contacto: text().notNull(),
    fotos: jsonb().$type<SurrenderPhoto[]>().notNull().default([]),
    tokenHash: text().notNull(),
    venceEn: timestamp({ withTimezone: true }).notNull(),
    version: integer().notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('lost_found_report_token').on(t.tokenHash),
    index('lost_found_report_open')
      .on(t.tipo, t.especie, t.venceEn)
      .where(sql`${t.estado} = 'abierto'`),
    // The candidates' pool (DESIGN 19): open reports of one kind and species, walked by date from a report's day.
    index('lost_found_report_pool')
      .on(t.tipo, t.especie, t.fecha)
      .where(sql`${t.estado} = 'abierto'`),
    index('lost_found_report_microchip')
      .on(t.microchip)
      .where(sql`${t.microchip} <> ''`),
    check('lost_found_report_tipo_check', sql`${t.tipo} IN ('perdido', 'encontrado')`),
    check('lost_found_report_estado_check', sql`${t.estado} IN ('abierto', 'reunido', 'cerrado')`),
  ],
);
