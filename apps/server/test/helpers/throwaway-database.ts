import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';

/** Runs one statement on the server's maintenance connection (CREATE and DROP DATABASE cannot share a transaction). */
async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

function databaseUrl(serverUrl: string, name: string): URL {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url;
}

const dropStatement = (name: string) => `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`;

/**
 * A fresh (by default migrated) database `{prefix}_<random>` created on the PostgreSQL server at `serverUrl`; `drop`
 * closes it and drops the database (safe to call twice). With `template` (a migrated database nobody is connected
 * to, see createTemplateDatabase) the database is a copy of it, made by PostgreSQL without running the migrations
 * again; `migrate()` then finds nothing left to apply.
 */
export async function openThrowawayDatabase(
  serverUrl: string,
  options: {
    prefix: string;
    poolSize?: number;
    /** False leaves the database empty (no schema); a template is then not used. */
    migrate?: boolean;
    template?: string;
  },
): Promise<{ database: DatabaseHandle; name: string; host: string; drop: () => Promise<void> }> {
  const name = `${options.prefix}_${randomBytes(6).toString('hex')}`;
  const template = options.migrate !== false ? options.template : undefined;
  await onServer(serverUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = databaseUrl(serverUrl, name);
  let database: DatabaseHandle | undefined;
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await database?.close().catch(() => undefined);
    await onServer(serverUrl, dropStatement(name));
  };
  try {
    const opened = await openDatabase({ driver: 'postgres', url: url.toString(), ...(options.poolSize ? { poolSize: options.poolSize } : {}) });
    database = opened;
    if (options.migrate !== false) await opened.migrate();
    return { database: opened, name, host: url.host, drop };
  } catch (error) {
    await drop().catch(() => undefined);
    throw error;
  }
}

/**
 * A database `{prefix}_<random>` on the server at `serverUrl` with every migration applied and no connection left
 * open, for openThrowawayDatabase's `template`; `drop` drops it (safe to call twice).
 */
export async function createTemplateDatabase(serverUrl: string, prefix: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const { database, name } = await openThrowawayDatabase(serverUrl, { prefix, poolSize: 1 });
  // A copy is refused while any session is connected to its template.
  await database.close();
  let dropped = false;
  return {
    name,
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await onServer(serverUrl, dropStatement(name));
    },
  };
}
