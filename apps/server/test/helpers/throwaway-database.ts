import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';

/**
 * A fresh (by default migrated) database `{prefix}_<random>` created on the PostgreSQL server at `serverUrl`; `drop`
 * closes it and drops the database (safe to call twice).
 */
export async function openThrowawayDatabase(
  serverUrl: string,
  options: { prefix: string; poolSize?: number; /** False leaves the database empty (no schema). */ migrate?: boolean },
): Promise<{ database: DatabaseHandle; name: string; host: string; drop: () => Promise<void> }> {
  const name = `${options.prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ driver: 'postgres', url: url.toString(), ...(options.poolSize ? { poolSize: options.poolSize } : {}) });
  if (options.migrate !== false) await database.migrate();
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await database.close().catch(() => undefined);
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  };
  return { database, name, host: url.host, drop };
}
