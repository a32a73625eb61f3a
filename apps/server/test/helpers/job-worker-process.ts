/**
 * A job worker in a process of its own, for test/jobs/jobs-processes.test.ts: opens the database (DATABASE_URL, or the
 * PGlite folder PGLITE_DIR), defines the test jobs and starts the worker. `test.record` appends its id to OUT_FILE
 * (or, with HANG=1, prints "started <id>" and never finishes, to be killed); `test.tick` is scheduled every
 * second and appends `tick <id>` to OUT_FILE.
 */
import { appendFileSync } from 'node:fs';
import { openDatabase } from '../../src/db/client';
import { createJobQueue } from '../../src/jobs/job-queue';
import { testJobDefinitions } from './job-definitions-for-tests';

const out = process.env.OUT_FILE!;
const database = process.env.DATABASE_URL
  ? await openDatabase({ driver: 'postgres', url: process.env.DATABASE_URL, poolSize: 2 })
  : await openDatabase({ driver: 'pglite', dataDir: process.env.PGLITE_DIR! });
await database.migrate();
const log = { info() {}, warn: (...args: unknown[]) => console.error(...args), error() {}, debug() {} } as never;
const queue = createJobQueue({ db: database.db, log, pollMs: 50 });
for (const definition of testJobDefinitions({
  record: async (id) => {
    if (process.env.HANG === '1') {
      process.stdout.write(`started ${id}\n`);
      await new Promise(() => undefined);
    }
    appendFileSync(out, `${id}\n`);
  },
  tick: async (id) => appendFileSync(out, `tick ${id}\n`),
}))
  queue.define(definition);
queue.start();
process.stdout.write('ready\n');
