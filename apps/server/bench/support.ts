/*
 * What the benchmark scripts share: command-line options, the database to seed (PGlite in memory or a throwaway
 * PostgreSQL database), a signed-in staff user for `app.inject`, and the statistics and conditions they print.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { DEFAULT_ROLE } from '@refugio/contracts';
import type { FastifyInstance } from 'fastify';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { hashPassword } from '../src/lib/password';
import { createUsersRepository } from '../src/modules/users/users.repository';
import { openThrowawayDatabase } from '../test/helpers/throwaway-database';

export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
/** The benchmark's own account (any run creates it in its fresh database). */
export const BENCH_USER = { email: 'bench@refugio.test', password: 'clave-del-benchmark-1' };

/* ------------------------------------------------------------------ options */

/** `--name=value` (or `--name`, read as 'true') from the command line. */
export function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  const arg = process.argv.slice(2).find((a) => a === `--${name}` || a.startsWith(prefix));
  if (arg === undefined) return undefined;
  return arg.startsWith(prefix) ? arg.slice(prefix.length) : 'true';
}

export function intOption(name: string, fallback: number): number {
  const value = option(name);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer`);
  return n;
}

export type Driver = 'pglite' | 'postgres';

/** `--db=pglite|postgres|both`; without it, PostgreSQL when BENCH_DATABASE_URL is set, else PGlite. */
export function driversToRun(): Driver[] {
  const db = option('db') ?? (process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite');
  if (db === 'both') return ['pglite', 'postgres'];
  if (db === 'pglite' || db === 'postgres') return [db];
  throw new Error(`--db must be pglite, postgres or both (got "${db}")`);
}

/* ------------------------------------------------------------------ database */

/** The driver's own client under Drizzle (PGlite instance or pg.Pool): both answer query(text, params). */
export interface RawClient {
  query(text: unknown, params?: unknown[], ...rest: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export function rawClient(database: DatabaseHandle): RawClient {
  return (database.db as unknown as { $client: RawClient }).$client;
}

export async function rawQuery(database: DatabaseHandle, text: string, params: unknown[] = []) {
  return (await rawClient(database).query(text, params)).rows;
}

/** A migrated database: PGlite in memory, or a throwaway database on a PostgreSQL server (dropped by `drop`). */
export async function openBenchDatabase(driver: Driver): Promise<{ database: DatabaseHandle; label: string; drop: () => Promise<void> }> {
  if (driver === 'pglite') {
    const database = await openDatabase({ driver: 'pglite', dataDir: undefined });
    await database.migrate();
    return { database, label: 'PGlite (in memory, in the server process)', drop: () => database.close() };
  }
  // The pool size server.ts uses (openDatabase's default).
  const { database, name, host, drop } = await openThrowawayDatabase(process.env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES_URL, {
    prefix: 'refugio_bench',
  });
  return { database, label: `PostgreSQL ${host}, throwaway database ${name} (pool of 10)`, drop };
}

/* ------------------------------------------------------------------ requests */

let remoteCounter = 0;
/**
 * Each injected request comes from its own address, as many clients would (the request budgets themselves are
 * set far above what the benchmark sends, so they count but never refuse).
 */
export function nextRemoteAddress(): string {
  remoteCounter++;
  return `10.${(remoteCounter >> 16) & 255}.${(remoteCounter >> 8) & 255}.${remoteCounter & 255}`;
}

/** Creates the benchmark's staff account in `database` and signs it in through the app; returns the cookie header. */
export async function signInStaff(app: FastifyInstance, database: DatabaseHandle, publicUrl: string): Promise<string> {
  const { email, password } = BENCH_USER;
  await createUsersRepository(database.db).insertWithPassword({
    id: crypto.randomUUID(),
    email,
    name: 'Persona',
    lastname: 'Del Benchmark',
    role: DEFAULT_ROLE,
    passwordHash: await hashPassword(password),
  });
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: publicUrl }, payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/* ------------------------------------------------------------------ figures */

/** The nearest-rank percentile of an ascending list. */
export function percentile(sorted: number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1] ?? Number.NaN;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? Number.NaN : sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Linux pressure-stall figures: the share of time runnable tasks waited for a CPU (other work on the machine). */
export function cpuPressure(): string {
  try {
    const some = /^some avg10=([\d.]+) avg60=([\d.]+)/m.exec(readFileSync('/proc/pressure/cpu', 'utf8'));
    return some ? `; CPU pressure (PSI "some": tasks waiting for a CPU) avg10 ${some[1]}%, avg60 ${some[2]}%` : '';
  } catch {
    return '';
  }
}

/** The load average, two decimals each. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}
