import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder, serverRoot } from '../lib/paths';

/*
 * A new PGlite database starts from a template: a data directory that `npm run build` made (initdb, then every
 * migration) and saved as a tar file beside the built server. Loading it takes a fraction of what initdb and the
 * migrations take, which is most of a first start-up (and of every test file's fresh database). A template that
 * does not match (another PGlite version, or migrations this code does not have) is ignored: the database is
 * then made from scratch as before, and migrations newer than the template are applied at start-up either way.
 */

/** Where the build leaves the template. */
export const defaultTemplateDir = path.join(serverRoot, 'dist');
const templateFile = (dir: string) => path.join(dir, 'pglite-template.tar');
const manifestFile = (dir: string) => path.join(dir, 'pglite-template.json');

interface TemplateManifest {
  pglite: string;
  /** Hashes of the migrations applied in the template, in order. */
  migrations: string[];
}

function installedPgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let dir = path.dirname(entry);
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

const codeMigrationHashes = () => readMigrationFiles({ migrationsFolder }).map((m) => m.hash);

/** How the template on disk fits this code: 'current', 'usable' (older migrations only) or 'none'. */
export function templateFit(dir = defaultTemplateDir): 'current' | 'usable' | 'none' {
  try {
    if (!existsSync(manifestFile(dir)) || !existsSync(templateFile(dir))) return 'none';
    const manifest = JSON.parse(readFileSync(manifestFile(dir), 'utf8')) as TemplateManifest;
    if (manifest.pglite !== installedPgliteVersion()) return 'none';
    const code = codeMigrationHashes();
    if (manifest.migrations.length > code.length || manifest.migrations.some((hash, i) => code[i] !== hash)) return 'none';
    return manifest.migrations.length === code.length ? 'current' : 'usable';
  } catch {
    return 'none';
  }
}

/** The template as PGlite's `loadDataDir` takes it, or undefined when there is none that fits this code. */
export function pgliteTemplate(dir = defaultTemplateDir): Blob | undefined {
  return templateFit(dir) === 'none' ? undefined : new Blob([readFileSync(templateFile(dir))]);
}

/** Saves the data directory of `dumpDataDir` (a fresh, migrated database) as the template. Run by the build. */
export async function saveTemplate(dump: Blob, dir = defaultTemplateDir, migrations = codeMigrationHashes()): Promise<void> {
  const manifest: TemplateManifest = { pglite: installedPgliteVersion(), migrations };
  writeFileSync(`${templateFile(dir)}.tmp`, Buffer.from(await dump.arrayBuffer()));
  renameSync(`${templateFile(dir)}.tmp`, templateFile(dir));
  writeFileSync(manifestFile(dir), `${JSON.stringify(manifest, null, 2)}\n`);
}
