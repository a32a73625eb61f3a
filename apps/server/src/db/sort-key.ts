import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * The Spanish order of a name, identical on PGlite and PostgreSQL: `refugio_sort_key` (migration 0011: lower
 * case, accents removed, ñ a letter after n) compared byte by byte, never by the cluster's collation. The pet
 * list's index `pet_live_nombre_orden` is built on exactly this expression.
 */
export function sortKey(value: SQLWrapper): SQL {
  return sql`refugio_sort_key(${value}) COLLATE "C"`;
}
