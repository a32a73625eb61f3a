import { createConnection } from 'node:net';

function answers(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * The PostgreSQL server the multi-process tests use: TEST_DATABASE_URL when set (a failure to reach it is then an
 * error, not a skip), else the local one on 127.0.0.1:5432 if it answers, else undefined (those tests skip).
 */
export async function postgresUrlForTests(): Promise<string | undefined> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  return (await answers('127.0.0.1', 5432)) ? 'postgres://postgres@127.0.0.1:5432/postgres' : undefined;
}
