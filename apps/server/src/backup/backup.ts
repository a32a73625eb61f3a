import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform, type Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import tar from 'tar-stream';
import type { Database } from '../db/client';
import type { StorageProvider } from '../storage/storage-provider';
import { type AppliedMigration, appliedMigrations, tableRows, tablesInDependencyOrder } from './database-dump';
import { type MediaReference, lockReferencingRows, mediaReferences } from './media-references';

export const ARCHIVE_FORMAT = 'refugio-backup';
export const ARCHIVE_FORMAT_VERSION = 1;
export const HEADER_ENTRY = 'refugio-backup.json';
export const MANIFEST_ENTRY = 'manifest.json';
export const AUTH_SECRET_ENTRY = 'auth-secret';
export const MEDIA_PREFIX = 'media/';
export const TABLE_PREFIX = 'db/';

export interface ArchiveHeader {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  createdAt: string;
  source: { database: 'pglite' | 'postgres'; storage: 'local' | 's3' };
}

export interface ArchiveFile {
  /** The entry's name in the archive. */
  entry: string;
  size: number;
  sha256: string;
}

export interface Manifest extends ArchiveHeader {
  /** The migrations the dumped database had, oldest first: a restore builds exactly that schema first. */
  migrations: AppliedMigration[];
  /** In foreign-key order: a table comes after every table it references. */
  tables: (ArchiveFile & { table: string; rows: number })[];
  media: (ArchiveFile & { key: string })[];
  authSecret: ArchiveFile | undefined;
}

export interface BackupSource {
  db: Database;
  databaseDriver: 'pglite' | 'postgres';
  storage: StorageProvider;
  /** Where a generated auth secret lives (DATA_DIR); it is archived when present. */
  dataDir: string;
}

export interface Progress {
  phase: 'media' | 'database' | 'receive' | 'verify' | 'restore';
  done: number;
  total: number | undefined;
}

/** A pass-through that hashes and counts what flows through it. */
export class Digest extends Transform {
  private readonly hash = createHash('sha256');
  bytes = 0;
  constructor(private readonly onBytes?: (n: number) => void) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null, data?: Buffer) => void) {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    this.onBytes?.(chunk.length);
    done(null, chunk);
  }
  hex(): string {
    return this.hash.digest('hex');
  }
}

/** Adds one entry of known `size` from `body` to the archive; resolves with its checksum. */
async function addEntry(pack: tar.Pack, name: string, size: number, body: Readable, onBytes?: (n: number) => void): Promise<ArchiveFile> {
  const digest = new Digest(onBytes);
  let entry!: Writable;
  const entryDone = new Promise<void>((ok, fail) => {
    entry = pack.entry({ name, size, mode: 0o600, mtime: new Date() }, (error) => (error ? fail(error) : ok()));
  });
  await Promise.all([pipeline(body, digest, entry), entryDone]);
  return { entry: name, size: digest.bytes, sha256: digest.hex() };
}

async function addJson(pack: tar.Pack, name: string, value: unknown): Promise<ArchiveFile> {
  const bytes = Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
  return addEntry(pack, name, bytes.length, Readable.from([bytes]));
}

/**
 * One consistent snapshot of every table (and of the media keys its rows point at), spooled to files in `dir`
 * so the snapshot is held only while reading rows. First, the files its rows point at that were not copied yet
 * (stored after the first media pass listed them) are copied with those rows share-locked: nobody can delete
 * such a row, and so its file (files go after their rows' commit), before the file is in the archive.
 */
async function spoolSnapshot(
  db: Database,
  dir: string,
  media: { copied: (key: string) => boolean; copy: (key: string) => Promise<boolean> },
  onProgress?: (p: Progress) => void,
) {
  mkdirSync(dir);
  const spooled: { table: string; file: string; rows: number }[] = [];
  let migrations: AppliedMigration[] = [];
  let references: MediaReference[] = [];
  await db.transaction(
    async (tx) => {
      // The snapshot starts with this read: the keys its rows point at.
      references = await mediaReferences(tx);
      const atRisk = references.filter((r) => !media.copied(r.key));
      if (atRisk.length > 0) {
        // Locked only while their files are copied: rolling back to the savepoint releases the locks and keeps the snapshot.
        await tx.execute(sql`SAVEPOINT refugio_media_locks`);
        await lockReferencingRows(tx, atRisk);
        for (const reference of atRisk) if (!media.copied(reference.key)) await media.copy(reference.key);
        await tx.execute(sql`ROLLBACK TO SAVEPOINT refugio_media_locks`);
      }
      migrations = await appliedMigrations(tx);
      const tables = await tablesInDependencyOrder(tx);
      let index = 0;
      for (const table of tables) {
        const file = path.join(dir, `${String(++index).padStart(3, '0')}-${table}.ndjson`);
        const out = createWriteStream(file);
        let count = 0;
        for await (const batch of tableRows(tx, table)) {
          count += batch.length;
          if (!out.write(`${batch.join('\n')}\n`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
        }
        out.end();
        await finished(out);
        spooled.push({ table, file, rows: count });
        onProgress?.({ phase: 'database', done: index, total: tables.length });
      }
    },
    // Not read-only: locking rows FOR SHARE needs a transaction that may write (it writes nothing).
    { isolationLevel: 'repeatable read' },
  );
  return { spooled, migrations, references };
}

/** PostgreSQL's answers when the rows to lock changed since the snapshot, or could not be locked in time. */
function isSnapshotConflict(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === '40001' || code === '40P01' || code === '55P03') return true;
  }
  return false;
}

/** How many snapshots a backup takes at most when the rows it must lock keep changing under it. */
export const SNAPSHOT_ATTEMPTS = 5;

/** Rows of the snapshot point at stored objects that are not there: the backup names them and fails. */
export class MissingMediaError extends Error {
  constructor(readonly missing: MediaReference[]) {
    const shown = missing.slice(0, 20).map((m) => `${m.key} (${m.table} ${m.id})`);
    const more = missing.length > shown.length ? ` y ${missing.length - shown.length} más` : '';
    super(
      `faltan ${missing.length} archivos de medios a los que apuntan filas de la base de datos: ${shown.join(', ')}${more}. ` +
        'Vuelve a subir esas imágenes o quítalas de la mascota o solicitud y repite la copia.',
    );
    this.name = 'MissingMediaError';
  }
}

/**
 * Writes one archive of the database and the media to `output`: a header, the media, the database rows of one
 * snapshot (REPEATABLE READ), the media stored while the rows were read, and a manifest with every entry's
 * checksum. Files are stored before the rows that point at them and deleted after their rows, so: the media are
 * copied first (an object deleted between the listing and its copy is skipped); the snapshot then copies, with
 * their rows share-locked for that moment, the files its rows point at that appeared after the listing (a row
 * deleted right after the snapshot cannot take its file away first); then what appeared meanwhile is copied.
 * Last, every key the archived rows point at is checked against the archive: one still missing is a file that
 * was gone before the snapshot saw its row, and the backup fails naming it and the row (MissingMediaError).
 * Writers are never blocked, except a change to one of those few new rows, for the time its files are copied.
 */
export async function writeBackup(source: BackupSource, output: Writable, onProgress?: (p: Progress) => void): Promise<Manifest> {
  const pack = tar.pack();
  const writing = pipeline(pack, output);
  // If the output fails, stop feeding entries.
  writing.catch((error: unknown) => pack.destroy(error instanceof Error ? error : new Error(String(error))));
  const work = mkdtempSync(path.join(tmpdir(), 'refugio-backup-'));
  try {
    const header: ArchiveHeader = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      source: { database: source.databaseDriver, storage: source.storage.driver },
    };
    await addJson(pack, HEADER_ENTRY, header);

    const media: Manifest['media'] = [];
    const copied = new Set<string>();
    /** Copies one object; false when it is not there (deleted since it was listed, or never stored). */
    const copyOne = async (key: string, onBytes?: (n: number) => void): Promise<boolean> => {
      // Opened before its entry starts: an object that vanishes now is skipped, never a broken entry.
      const found = await source.storage.get(key);
      if (!found) return false;
      const file = await addEntry(pack, `${MEDIA_PREFIX}${key}`, found.object.size, found.body, onBytes);
      media.push({ ...file, key });
      copied.add(key);
      return true;
    };
    const copyMedia = async () => {
      const objects = (await source.storage.list('')).filter((o) => !copied.has(o.key));
      const total = objects.reduce((sum, o) => sum + o.size, 0);
      let done = 0;
      onProgress?.({ phase: 'media', done, total });
      for (const object of objects) {
        // Deleted since the listing: skipped (its row, if it had one, was removed before it).
        await copyOne(object.key, (n) => {
          done += n;
          onProgress?.({ phase: 'media', done, total });
        });
      }
    };
    await copyMedia();

    let snapshot: Awaited<ReturnType<typeof spoolSnapshot>> | undefined;
    for (let attempt = 1; !snapshot; attempt++) {
      try {
        snapshot = await spoolSnapshot(source.db, path.join(work, String(attempt)), { copied: (key) => copied.has(key), copy: copyOne }, onProgress);
      } catch (error) {
        // A row to lock changed after the snapshot: take a new one (its rows and files are consistent again).
        if (!isSnapshotConflict(error) || attempt >= SNAPSHOT_ATTEMPTS) throw error;
        rmSync(path.join(work, String(attempt)), { recursive: true, force: true });
      }
    }
    const { spooled, migrations } = snapshot;
    // Media stored while the snapshot was taken that no row of it points at (videos, files of later rows).
    await copyMedia();
    // Every key the archived rows point at must be in the archive; one more try for any that is not.
    const missing: MediaReference[] = [];
    for (const reference of snapshot.references) {
      if (!copied.has(reference.key) && !(await copyOne(reference.key))) missing.push(reference);
    }
    if (missing.length > 0) throw new MissingMediaError(missing);

    const tables: Manifest['tables'] = [];
    for (const { table, file, rows } of spooled) {
      const name = `${TABLE_PREFIX}${path.basename(file)}`;
      tables.push({ ...(await addEntry(pack, name, statSync(file).size, createReadStream(file))), table, rows });
    }

    let authSecret: ArchiveFile | undefined;
    const secretFile = path.join(source.dataDir, 'auth-secret');
    if (existsSync(secretFile)) {
      const secret = readFileSync(secretFile);
      authSecret = await addEntry(pack, AUTH_SECRET_ENTRY, secret.length, Readable.from([secret]));
    }

    const manifest: Manifest = { ...header, migrations, tables, media, authSecret };
    await addJson(pack, MANIFEST_ENTRY, manifest);
    pack.finalize();
    await writing;
    return manifest;
  } catch (error) {
    pack.destroy(error instanceof Error ? error : new Error(String(error)));
    await writing.catch(() => undefined);
    throw error;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
