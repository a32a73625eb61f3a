import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform, type Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import type { Database } from '../db/client';
import type { StorageProvider } from '../storage/storage-provider';
import { type AppliedMigration, appliedMigrations, tableRows, tablesInDependencyOrder } from './database-dump';

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
 * Writes one archive of the database and the media to `output`: a header, the media, the database rows of one
 * snapshot (REPEATABLE READ), the media stored while the rows were read, and a manifest with every entry's
 * checksum. Files are stored before the rows that point at them, so copying the media first, then the snapshot,
 * then what appeared meanwhile gives every archived row its file; the database is never locked for writers.
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
    const copyMedia = async () => {
      const objects = (await source.storage.list('')).filter((o) => !copied.has(o.key));
      const total = objects.reduce((sum, o) => sum + o.size, 0);
      let done = 0;
      onProgress?.({ phase: 'media', done, total });
      for (const object of objects) {
        const found = await source.storage.get(object.key);
        // Deleted since the listing: its row, if it had one, was removed before it.
        if (!found) continue;
        const file = await addEntry(pack, `${MEDIA_PREFIX}${object.key}`, found.object.size, found.body, (n) => {
          done += n;
          onProgress?.({ phase: 'media', done, total });
        });
        media.push({ ...file, key: object.key });
        copied.add(object.key);
      }
    };
    await copyMedia();

    // One consistent snapshot of every table, spooled to disk so the snapshot is held only while reading rows.
    const spooled: { table: string; file: string; rows: number }[] = [];
    let migrations: AppliedMigration[] = [];
    await source.db.transaction(
      async (tx) => {
        migrations = await appliedMigrations(tx);
        const tables = await tablesInDependencyOrder(tx);
        let index = 0;
        for (const table of tables) {
          const file = path.join(work, `${String(++index).padStart(3, '0')}-${table}.ndjson`);
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
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const tables: Manifest['tables'] = [];
    for (const { table, file, rows } of spooled) {
      const name = `${TABLE_PREFIX}${path.basename(file)}`;
      tables.push({ ...(await addEntry(pack, name, statSync(file).size, createReadStream(file))), table, rows });
    }

    // Media stored while the snapshot was taken (their rows may be in it).
    await copyMedia();

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
