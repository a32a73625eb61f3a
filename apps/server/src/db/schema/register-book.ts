import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The register book (DESIGN section 16), owned by the register-book module: one row per stay of an animal (an entry
 * until it leaves), numbered per year in order of entry and never renumbered, plus the rectification lines appended
 * when a closed line's data change later. `contenido` is null while the line is open (it shows the current data) and
 * frozen when it closes; a closed row carries `hash` = SHA-256 of `hashAnterior` and its canonical content, and
 * `cadena`, its place in the single chain of closed lines. `mascotaId` has no foreign key: the book outlives the pet.
 */
export const registerBookLine = pgTable(
  'register_book_line',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    anio: integer().notNull(),
    numero: integer().notNull(),
    mascotaId: integer().notNull(),
    /** The stay's entry: 'm<movement id>' for an `ingreso`, 'p' for the pet's own fechaIngreso, 'd<id>' for a return. */
    entrada: text().notNull(),
    fechaEntrada: date({ mode: 'string' }).notNull(),
    cerrada: boolean().notNull().default(false),
    contenido: jsonb().$type<Record<string, unknown>>(),
    hash: text(),
    hashAnterior: text(),
    cadena: integer(),
    /** On a rectification line: the id of the line it corrects (the original, never another rectification). */
    rectificaId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    cerradaEn: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('register_book_line_numero').on(t.anio, t.numero),
    uniqueIndex('register_book_line_cadena').on(t.cadena),
    uniqueIndex('register_book_line_stay')
      .on(t.mascotaId, t.entrada)
      .where(sql`${t.rectificaId} IS NULL`),
    index('register_book_line_pet').on(t.mascotaId),
    check('register_book_line_closed', sql`${t.cerrada} = (${t.hash} IS NOT NULL AND ${t.contenido} IS NOT NULL AND ${t.cadena} IS NOT NULL)`),
  ],
);

/**
 * The one row (id 1) that orders the book: locked (FOR UPDATE) by every change of lines, so numbers and the chain
 * are given one at a time whatever the number of connections; `cabeza` is the hash of the last closed line.
 */
export const registerBookChain = pgTable('register_book_chain', {
  id: integer().primaryKey(),
  cabeza: text().notNull(),
  longitud: integer().notNull().default(0),
  /** The lines of the data that existed before the book: written once, by the first instance that takes the lock. */
  rellenado: boolean().notNull().default(false),
});
