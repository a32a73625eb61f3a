import { type AnyColumn, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/*
 * Lists of the user's size (a statement's rows, a bulk action's pets, a person's records) never become one bind
 * parameter per item: PostgreSQL refuses a query of more than 65 535 parameters, and PGlite is left unusable by the
 * attempt. `anyOf` sends the whole list as ONE array parameter; `chunked` cuts work that needs one parameter per item
 * (multi-row inserts, per-item SQL) into bounded pieces.
 */

/** How many items one statement takes when each needs parameters of its own (well under PostgreSQL's 65 535). */
export const CHUNK_SIZE = 1_000;

/**
 * `column = ANY($1)`: whether the column's value is in `values`, with the list sent as one array parameter
 * (PostgreSQL infers its type from the column). An empty list matches nothing, as `inArray` does.
 */
export function anyOf(column: AnyColumn | SQLWrapper, values: readonly (string | number)[]): SQL {
  if (values.length === 0) return sql`false`;
  return sql`${column} = ANY(${sql.param([...values])})`;
}

/** `list` cut into consecutive pieces of at most `size` items (the last may be shorter; none when the list is empty). */
export function chunked<T>(list: readonly T[], size = CHUNK_SIZE): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size must be a positive integer: ${size}`);
  const pieces: T[][] = [];
  for (let i = 0; i < list.length; i += size) pieces.push(list.slice(i, i + size));
  return pieces;
}

/** Runs `work` over `list` in pieces of at most `size`, one after the other, and joins what each piece answered. */
export async function inChunks<T, R>(list: readonly T[], work: (piece: T[]) => Promise<readonly R[]>, size = CHUNK_SIZE): Promise<R[]> {
  const out: R[] = [];
  for (const piece of chunked(list, size)) out.push(...(await work(piece)));
  return out;
}
