import { mkdirSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client';
import { defaultTemplateDir, saveTemplate, templateFit } from '../../src/db/pglite-template';
import { createTemplateDatabase } from './throwaway-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The migrated database on TEST_DATABASE_URL's server that each test file's database is copied from
     * (`CREATE DATABASE ... TEMPLATE`), made once per run; undefined on PGlite.
     */
    postgresTemplate: string | undefined;
  }
}

/**
 * Once per `vitest run` of the server tests, before any file: what every file's fresh database starts from, so no
 * file initialises or migrates a database of its own.
 *  - PGlite: the template of the build (src/db/pglite-template.ts), made here when the build has not made it (or
 *    its migrations are older than the code's); a file then loads it instead of running initdb and every migration.
 *  - PostgreSQL (TEST_DATABASE_URL): one database migrated here, dropped when the run ends; each file's database is a
 *    copy of it, which PostgreSQL makes in a fraction of the time of the migrations.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (templateFit() !== 'current') {
    mkdirSync(defaultTemplateDir, { recursive: true });
    const database = await openDatabase({ driver: 'pglite', dataDir: undefined, template: false });
    try {
      await database.migrate();
      await saveTemplate(await database.dumpDataDir!());
    } finally {
      await database.close();
    }
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    project.provide('postgresTemplate', undefined);
    return async () => undefined;
  }
  const template = await createTemplateDatabase(serverUrl, 'refugio_template');
  project.provide('postgresTemplate', template.name);
  return template.drop;
}
