import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { user } from './users';

/*
 * The importer's own tables (DESIGN section 18). The records it creates (pets, persons) are written by their
 * owners' ports; these tables keep only the file as read, what was done with each row, and the mappings chosen.
 */

/** A photo of a .zip being imported, decoded and stored (the shape `stagePhotos` copies from). */
export interface ImportPhoto {
  key: string;
  thumbKey: string;
  contentType: string;
  width: number;
  height: number;
  bytes: number;
  contentHash: string;
}

/**
 * One uploaded spreadsheet: its header and rows as read (the file is kept here, as text cells, so a confirmation and
 * a restart need no file), the mapping of its last dry run, and the figures of its import.
 */
export const importBatch = pgTable(
  'import_batch',
  {
    id: text().primaryKey(),
    /** mascotas | personas | cuidados | donativos */
    tipo: text().notNull(),
    archivo: text().notNull(),
    /** SHA-256 of the file, hex. */
    hash: text().notNull(),
    /** analizada | en_curso | terminada | fallida | deshecha */
    estado: text().notNull().default('analizada'),
    columnas: jsonb().$type<string[]>().notNull(),
    /** Data rows (row 2 of the spreadsheet first), each a list of cell texts in the order of `columnas`. */
    filas: jsonb().$type<string[][]>().notNull(),
    /** The mapping of the last dry run (column -> field), null before it. */
    mapeo: jsonb().$type<Record<string, string>>(),
    formatoFecha: text(),
    /** Rows without a microchip that look like a pet already there, imported anyway (the person's choice in the dry run). */
    incluir: jsonb().$type<number[]>().notNull().default([]),
    /**
     * The photos of a .zip (null for a spreadsheet alone), by their name in lower case: each stored under
     * `importaciones/` with its thumbnail, or why it cannot be used (a row naming it is an error).
     */
    fotos: jsonb().$type<Record<string, ImportPhoto | { error: string }>>(),
    creados: integer().notNull().default(0),
    actualizados: integer().notNull().default(0),
    omitidos: integer().notNull().default(0),
    deshechos: integer().notNull().default(0),
    conservados: integer().notNull().default(0),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    /** Who uploaded it, as their name read then (the history's actor of the records it creates). */
    createdByNombre: text().notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('import_batch_created').on(t.createdAt.desc()),
    check('import_batch_estado', sql`${t.estado} IN ('analizada', 'en_curso', 'terminada', 'fallida', 'deshecha')`),
    check('import_batch_tipo', sql`${t.tipo} IN ('mascotas', 'personas', 'cuidados', 'donativos')`),
  ],
);

/**
 * What the import did with one row, written in the same transaction as the row's records: a restart continues after
 * the last row written here, and never does a row twice. `entidadId` is the record created or matched.
 */
export const importRow = pgTable(
  'import_row',
  {
    importId: text()
      .notNull()
      .references(() => importBatch.id, { onDelete: 'cascade' }),
    fila: integer().notNull(),
    /** creado | actualizado | omitido | error | deshecho | conservado */
    resultado: text().notNull(),
    entidadId: integer(),
    /** The record's version right after the import: a later change makes "undo" keep it. */
    version: integer(),
    columna: text(),
    mensaje: text(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.fila] }),
    check('import_row_resultado', sql`${t.resultado} IN ('creado', 'actualizado', 'omitido', 'error', 'deshecho', 'conservado')`),
  ],
);

/** The file's own id of a record created by an import (`codigo`), so the same file imported again matches it. */
export const importKey = pgTable(
  'import_key',
  {
    tipo: text().notNull(),
    codigo: text().notNull(),
    entidadId: integer().notNull(),
    importId: text()
      .notNull()
      .references(() => importBatch.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tipo, t.codigo] }), index('import_key_import').on(t.importId)],
);

/** The mapping last chosen per type and column header (folded: accents, case and spaces ignored), for the next file. */
export const importMapping = pgTable(
  'import_mapping',
  {
    tipo: text().notNull(),
    columna: text().notNull(),
    campo: text().notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.tipo, t.columna] })],
);
