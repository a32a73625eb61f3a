/*
 * Run by the build (build.mjs) after bundling: makes a fresh PGlite database, applies every migration, and saves
 * its data directory as the template new databases start from (src/db/pglite-template.ts).
 */
import { openDatabase } from './client';
import { saveTemplate, templateFit } from './pglite-template';

if (templateFit() === 'current') process.exit(0);
const database = await openDatabase({ driver: 'pglite', dataDir: undefined, template: false });
try {
  await database.migrate();
  if (!database.dumpDataDir) throw new Error('PGlite cannot dump its data directory');
  await saveTemplate(await database.dumpDataDir());
} finally {
  await database.close();
}
