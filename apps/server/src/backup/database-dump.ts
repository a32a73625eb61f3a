import { type SQL, sql } from 'drizzle-orm';
import { type MigrationMeta, readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database } from '../db/client';
import { migrationsFolder } from '../lib/paths';

/**
 * A logical dump of every table of the `public` schema, the same on PGlite and PostgreSQL: each row as the JSON
 * PostgreSQL itself renders (`row_to_json`, kept as text so no value is reinterpreted by JavaScript), tables in
 * foreign-key order, restored with `json_populate_recordset` (PostgreSQL converts every value back to its column
 * type) and identity sequences moved past the restored ids.
 */

type Executor = Pick<Database, 'execute'>;

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  // Both drivers answer raw queries with `{ rows }`.
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

export interface AppliedMigration {
  hash: string;
  createdAt: number;
}

/** The migrations applied to this database, oldest first (what drizzle records in drizzle.__drizzle_migrations). */
export async function appliedMigrations(db: Executor): Promise<AppliedMigration[]> {
  const found = await rows<{ exists: boolean }>(db, sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS exists`);
  if (!found[0]?.exists) return [];
  const applied = await rows<{ hash: string; created_at: string | number }>(
    db,
    sql`SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at, id`,
  );
  return applied.map((m) => ({ hash: m.hash, createdAt: Number(m.created_at) }));
}

/**
 * Running totals kept by database triggers from the rows of other tables (the dashboard's aggregates): they are
 * not archived, and a restore rebuilds them as the rows they count are inserted.
 */
export const DERIVED_TABLES: ReadonlySet<string> = new Set(['pet_count', 'pet_month', 'pet_adoption_days', 'request_count']);

/** Settings the derived totals read (the organisation's time zone): restored before any other table. */
const FIRST_TABLES = ['org_setting'];

/** The archived tables of the public schema, each after every table it references. */
export async function tablesInDependencyOrder(db: Executor): Promise<string[]> {
  const tables = (await rows<{ name: string }>(db, sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)).map(
    (t) => t.name,
  );
  const edges = await rows<{ child: string; parent: string }>(
    db,
    sql`SELECT c.relname AS child, p.relname AS parent
        FROM pg_constraint k
        JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace cn ON cn.oid = c.relnamespace
        JOIN pg_class p ON p.oid = k.confrelid JOIN pg_namespace pn ON pn.oid = p.relnamespace
        WHERE k.contype = 'f' AND cn.nspname = 'public' AND pn.nspname = 'public' AND c.oid <> p.oid`,
  );
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const edge of edges) if (edge.child === table) visit(edge.parent);
    visiting.delete(table);
    ordered.push(table);
  };
  FIRST_TABLES.filter((t) => tables.includes(t)).forEach(visit);
  tables.forEach(visit);
  return ordered.filter((t) => !DERIVED_TABLES.has(t));
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/** Streams the rows of `table` as JSON text, `batch` at a time, through a cursor (inside the caller's transaction). */
export async function* tableRows(tx: Executor, table: string, batch = 500): AsyncGenerator<string[]> {
  await tx.execute(sql`DECLARE refugio_dump NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS j FROM ${ident(table)} t`);
  try {
    for (;;) {
      const chunk = await rows<{ j: string }>(tx, sql.raw(`FETCH ${batch} FROM refugio_dump`));
      if (chunk.length === 0) return;
      yield chunk.map((r) => r.j);
    }
  } finally {
    await tx.execute(sql`CLOSE refugio_dump`);
  }
}

/** Inserts rows given as `row_to_json` text into `table`, keeping their ids; generated columns are recomputed. */
/**
 * Removes the rows a migration ships (the default care protocols) from a freshly migrated table before the
 * archive's rows go in: the archive holds them already, as they were when it was made (edited or not).
 */
export async function clearShippedRows(tx: Executor, table: string): Promise<void> {
  await tx.execute(sql`DELETE FROM ${ident(table)}`);
}

export async function insertRows(tx: Executor, table: string, jsonRows: string[]): Promise<void> {
  if (jsonRows.length === 0) return;
  const columns = await insertableColumns(tx, table);
  const list = sql.raw(columns.map((c) => `"${c.replace(/"/g, '""')}"`).join(', '));
  await tx.execute(
    sql`INSERT INTO ${ident(table)} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM json_populate_recordset(NULL::${ident(table)}, ${`[${jsonRows.join(',')}]`}::json)`,
  );
}

const columnCache = new WeakMap<object, Map<string, string[]>>();

async function insertableColumns(tx: Executor, table: string): Promise<string[]> {
  let cache = columnCache.get(tx);
  if (!cache) columnCache.set(tx, (cache = new Map<string, string[]>()));
  const cached = cache.get(table);
  if (cached) return cached;
  const columns = (
    await rows<{ name: string }>(
      tx,
      sql`SELECT a.attname AS name FROM pg_attribute a
          WHERE a.attrelid = to_regclass(${`public."${table.replace(/"/g, '""')}"`}) AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
          ORDER BY a.attnum`,
    )
  ).map((c) => c.name);
  if (columns.length === 0) throw new Error(`La tabla ${table} no existe en la base de datos de destino.`);
  cache.set(table, columns);
  return columns;
}

/** Moves every serial/identity sequence of `table` past the largest restored value. */
export async function resetSequences(tx: Executor, table: string): Promise<void> {
  const qualified = `public."${table.replace(/"/g, '""')}"`;
  const sequences = await rows<{ column: string; seq: string }>(
    tx,
    sql`SELECT a.attname AS column, pg_get_serial_sequence(${qualified}, a.attname) AS seq
        FROM pg_attribute a WHERE a.attrelid = to_regclass(${qualified}) AND a.attnum > 0 AND NOT a.attisdropped
        AND pg_get_serial_sequence(${qualified}, a.attname) IS NOT NULL`,
  );
  for (const { column, seq } of sequences) {
    await tx.execute(
      sql`SELECT setval(${seq}, COALESCE((SELECT max(${ident(column)}) FROM ${ident(table)}), 1), (SELECT count(*) > 0 FROM ${ident(table)}))`,
    );
  }
}

/** This code's migrations, oldest first. */
export function codeMigrations(): MigrationMeta[] {
  return readMigrationFiles({ migrationsFolder });
}

/**
 * Applies `migrations` inside the caller's transaction, recording them as drizzle's migrator does, so that a
 * restore (schema, rows and the newer migrations) commits or rolls back as one.
 */
export async function applyMigrations(tx: Executor, migrations: MigrationMeta[]): Promise<void> {
  await tx.execute(sql`CREATE SCHEMA IF NOT EXISTS drizzle`);
  await tx.execute(sql`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`);
  for (const migration of migrations) {
    for (const statement of migration.sql) if (statement.trim()) await tx.execute(sql.raw(statement));
    await tx.execute(sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${migration.hash}, ${migration.folderMillis})`);
  }
}

/** True when the database holds nothing of ours (or anyone's): no table in `public` and no migration record. */
/** Inside a transaction: takes the advisory lock `name` until it ends, or answers false at once when another holds it. */
export async function tryTransactionLock(db: Executor, name: string): Promise<boolean> {
  const [found] = await rows<{ locked: boolean }>(db, sql`SELECT pg_try_advisory_xact_lock(hashtextextended(${name}, 0)) AS locked`);
  return found?.locked === true;
}

export async function isEmptyDatabase(db: Executor): Promise<boolean> {
  const [found] = await rows<{ n: string | number }>(
    db,
    sql`SELECT count(*) AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname IN ('public', 'drizzle') AND c.relkind IN ('r', 'p', 'v', 'm', 'S')`,
  );
  return Number(found?.n ?? 0) === 0;
}
