import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';
import { pgliteTemplate, saveTemplate, templateFit } from '../../src/db/pglite-template';
import { migrationsFolder } from '../../src/lib/paths';

/** Every object of the schema as text: tables and columns, indexes, constraints, triggers and functions. */
async function schemaOf(database: DatabaseHandle): Promise<string[]> {
  const result: unknown = await database.db.execute(sql`
    SELECT 'column ' || table_schema || '.' || table_name || '.' || column_name || ' ' || data_type || ' ' || coalesce(column_default, '') AS o
      FROM information_schema.columns WHERE table_schema IN ('public', 'drizzle')
    UNION ALL SELECT 'index ' || indexdef FROM pg_indexes WHERE schemaname IN ('public', 'drizzle')
    UNION ALL SELECT 'constraint ' || conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint WHERE connamespace = 'public'::regnamespace
    UNION ALL SELECT 'trigger ' || pg_get_triggerdef(oid) FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL SELECT 'function ' || p.proname || ' ' || md5(p.prosrc) FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace
    UNION ALL SELECT 'extension ' || extname FROM pg_extension
    UNION ALL SELECT 'migration ' || hash FROM drizzle.__drizzle_migrations`);
  return (result as { rows: { o: string }[] }).rows.map((r) => r.o).sort();
}

describe('the PGlite template new databases start from', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'refugio-template-'));
    dirs.push(dir);
    return dir;
  };
  let fromScratch: DatabaseHandle;
  let templateDir: string;
  const migrations = readMigrationFiles({ migrationsFolder });

  beforeAll(async () => {
    fromScratch = await openDatabase({ driver: 'pglite', dataDir: undefined, template: false });
    await fromScratch.migrate();
    templateDir = tempDir();
    // As the build makes it, but into a folder of the test's own.
    const maker = await openDatabase({ driver: 'pglite', dataDir: undefined, template: false });
    await maker.migrate();
    // A row only this template has: it shows the new database was loaded from it, not made by initdb.
    await maker.db.execute(sql`INSERT INTO paquete (nombre, cupo, dias_vigencia) VALUES ('De la plantilla', 1, 1)`);
    await saveTemplate(await maker.dumpDataDir!(), templateDir);
    await maker.close();
    // Two databases migrated from initdb: the limit bounds a hang on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await fromScratch.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('gives a new data directory exactly the schema initdb and the migrations give, with nothing to migrate', async () => {
    const dataDir = tempDir();
    const fromTemplate = await openDatabase({ driver: 'pglite', dataDir, template: templateDir });
    try {
      expect(await schemaOf(fromTemplate)).toEqual(await schemaOf(fromScratch));
      const marker: unknown = await fromTemplate.db.execute(sql`SELECT nombre FROM paquete`);
      expect((marker as { rows: unknown[] }).rows).toEqual([{ nombre: 'De la plantilla' }]);
      await fromTemplate.migrate();
      expect(await schemaOf(fromTemplate)).toEqual(await schemaOf(fromScratch));
    } finally {
      await fromTemplate.close();
    }
    // On disk: opened again, it is an existing database (the template is not loaded over it).
    const reopened = await openDatabase({ driver: 'pglite', dataDir, template: templateDir });
    try {
      await reopened.db.execute(sql`INSERT INTO paquete (nombre, cupo, dias_vigencia) VALUES ('Verano', 3, 30)`);
    } finally {
      await reopened.close();
    }
    const again = await openDatabase({ driver: 'pglite', dataDir, template: templateDir });
    try {
      const found: unknown = await again.db.execute(sql`SELECT nombre FROM paquete ORDER BY id`);
      expect((found as { rows: unknown[] }).rows).toEqual([{ nombre: 'De la plantilla' }, { nombre: 'Verano' }]);
    } finally {
      await again.close();
    }
  });

  it('applies the migrations newer than an older template at start-up', async () => {
    const olderDir = tempDir();
    const older = await openDatabase({ driver: 'pglite', dataDir: undefined, template: false });
    // The database of a build that had every migration but the last.
    await older.db.execute(sql`SELECT 1`);
    const partial = migrations.slice(0, -1);
    const { applyMigrations } = await import('../../src/backup/database-dump');
    await older.db.transaction(async (tx) => applyMigrations(tx, partial));
    await saveTemplate(
      await older.dumpDataDir!(),
      olderDir,
      partial.map((m) => m.hash),
    );
    await older.close();
    expect(templateFit(olderDir)).toBe('usable');

    const started = await openDatabase({ driver: 'pglite', dataDir: undefined, template: olderDir });
    try {
      await started.migrate();
      expect(await schemaOf(started)).toEqual(await schemaOf(fromScratch));
    } finally {
      await started.close();
    }
  });

  it('ignores a template made for other migrations or another PGlite', async () => {
    expect(templateFit(templateDir)).toBe('current');
    const foreign = tempDir();
    await saveTemplate(new Blob(['no importa']), foreign, ['otra-migracion', ...migrations.map((m) => m.hash)]);
    expect(templateFit(foreign)).toBe('none');
    expect(pgliteTemplate(foreign)).toBeUndefined();
    writeFileSync(path.join(foreign, 'pglite-template.json'), JSON.stringify({ pglite: '0.0.1', migrations: [] }));
    expect(templateFit(foreign)).toBe('none');
    expect(templateFit(tempDir())).toBe('none');
    // A database opened with such a template runs initdb and migrates as before.
    const database = await openDatabase({ driver: 'pglite', dataDir: undefined, template: foreign });
    try {
      await database.migrate();
      expect(await schemaOf(database)).toEqual(await schemaOf(fromScratch));
    } finally {
      await database.close();
    }
  });
});
