import { chmodSync, createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { type Readable, Writable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import type { Database } from '../db/client';
import { assertValidKey, type StorageProvider } from '../storage/storage-provider';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  AUTH_SECRET_ENTRY,
  type ArchiveFile,
  Digest,
  HEADER_ENTRY,
  MANIFEST_ENTRY,
  type Manifest,
  type Progress,
} from './backup';
import {
  DERIVED_TABLES,
  applyMigrations,
  clearShippedRows,
  codeMigrations,
  insertRows,
  isEmptyDatabase,
  resetSequences,
  tryTransactionLock,
} from './database-dump';

/** The archive cannot be restored (damaged, truncated, not ours, or from a newer version); nothing was changed. */
export class ArchiveError extends Error {
  override name = 'ArchiveError';
}

/** The target already holds data: a restore never overwrites. */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

const JSON_ENTRY_LIMIT = 256 * 1024 * 1024;

/** Reads the archive entry by entry (each must be consumed before the next), reporting the bytes read. */
async function readEntries(
  file: string,
  onEntry: (name: string, body: Readable, size: number) => Promise<void>,
  onBytes?: (done: number, total: number) => void,
): Promise<void> {
  const total = statSync(file).size;
  let done = 0;
  const extract = tar.extract();
  const input = createReadStream(file);
  input.on('data', (chunk: string | Buffer) => onBytes?.((done += chunk.length), total));
  const feeding = pipeline(input, extract);
  feeding.catch(() => undefined);
  try {
    for await (const entry of extract) {
      if (entry.header.type !== 'file') {
        entry.resume();
        throw new ArchiveError(`contiene una entrada inesperada (${entry.header.name}).`);
      }
      await onEntry(entry.header.name, entry, entry.header.size ?? 0);
    }
    await feeding;
  } catch (error) {
    input.destroy();
    if (error instanceof ArchiveError || error instanceof RestoreRefusedError) throw error;
    throw new ArchiveError(`está dañada o incompleta (${error instanceof Error ? error.message : String(error)}).`);
  }
}

async function readJson<T>(body: Readable, size: number, name: string): Promise<T> {
  if (size > JSON_ENTRY_LIMIT) throw new ArchiveError(`su entrada ${name} es demasiado grande.`);
  try {
    return JSON.parse((await buffer(body)).toString('utf8')) as T;
  } catch {
    throw new ArchiveError(`su entrada ${name} no es JSON válido.`);
  }
}

function expectedEntries(manifest: Manifest): Map<string, ArchiveFile> {
  const files = new Map<string, ArchiveFile>();
  for (const f of [...manifest.tables, ...manifest.media, ...(manifest.authSecret ? [manifest.authSecret] : [])]) files.set(f.entry, f);
  return files;
}

function checkManifest(manifest: Manifest): void {
  if (
    manifest.format !== ARCHIVE_FORMAT ||
    !Array.isArray(manifest.tables) ||
    !Array.isArray(manifest.media) ||
    !Array.isArray(manifest.migrations)
  ) {
    throw new ArchiveError('tiene un manifiesto que no es de Refugio Admin.');
  }
  for (const t of manifest.tables) if (!/^[a-z_][a-z0-9_]*$/.test(t.table)) throw new ArchiveError(`nombra una tabla no válida (${t.table}).`);
  for (const m of manifest.media) {
    try {
      assertValidKey(m.key);
    } catch {
      throw new ArchiveError(`nombra un archivo no válido (${JSON.stringify(m.key)}).`);
    }
  }
}

/**
 * Reads the whole archive once and checks it: our header first, the manifest last, every entry present with the
 * size and SHA-256 the manifest records, and nothing else. Throws ArchiveError (and touches nothing) otherwise.
 */
export async function verifyArchive(file: string, onProgress?: (p: Progress) => void): Promise<Manifest> {
  if (!existsSync(file)) throw new ArchiveError('no existe.');
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifest: Manifest | undefined;
  let first = true;
  await readEntries(
    file,
    async (name, body, size) => {
      if (first) {
        first = false;
        if (name !== HEADER_ENTRY) throw new ArchiveError('no es una copia de Refugio Admin.');
        const header = await readJson<{ format?: string; formatVersion?: number }>(body, size, name);
        if (header.format !== ARCHIVE_FORMAT) throw new ArchiveError('no es una copia de Refugio Admin.');
        if (typeof header.formatVersion !== 'number' || header.formatVersion > ARCHIVE_FORMAT_VERSION) {
          throw new ArchiveError('fue hecha por una versión más nueva de Refugio Admin: actualiza esta instalación antes de restaurarla.');
        }
        return;
      }
      if (manifest) throw new ArchiveError('tiene entradas después del manifiesto.');
      if (name === MANIFEST_ENTRY) {
        manifest = await readJson<Manifest>(body, size, name);
        return;
      }
      const digest = new Digest();
      await pipeline(body, digest, new Writable({ write: (_chunk, _encoding, done) => done() }));
      if (seen.has(name)) throw new ArchiveError(`repite la entrada ${name}.`);
      seen.set(name, { size: digest.bytes, sha256: digest.hex() });
    },
    (done, total) => onProgress?.({ phase: 'verify', done, total }),
  );
  if (first) throw new ArchiveError('está vacía.');
  if (!manifest) throw new ArchiveError('está incompleta: falta el manifiesto del final (la copia se cortó antes de terminar).');
  checkManifest(manifest);
  const expected = expectedEntries(manifest);
  for (const [name, file] of expected) {
    const found = seen.get(name);
    if (!found) throw new ArchiveError(`está incompleta: falta ${name}.`);
    if (found.size !== file.size || found.sha256 !== file.sha256)
      throw new ArchiveError(`está dañada: el contenido de ${name} no coincide con su suma de control.`);
  }
  for (const name of seen.keys()) if (!expected.has(name)) throw new ArchiveError(`contiene ${name}, que su manifiesto no menciona.`);
  return manifest;
}

export interface RestoreTarget {
  db: Database;
  storage: StorageProvider;
  /** Where a generated auth secret is kept (DATA_DIR). */
  dataDir: string;
  /** AUTH_SECRET is set: the archived generated secret is not written. */
  authSecretConfigured: boolean;
  /** How refusals name the database and the media store (the CLI says which setting points at them). */
  names?: { database: string; storage: string };
}

/** Taken by a restore for its whole length, on its target database (every instance, PGlite included). */
const RESTORE_LOCK = 'refugio:restauracion';

/** Refuses (RestoreRefusedError) unless both the database and the media store are empty. */
export async function assertEmptyTarget(target: Pick<RestoreTarget, 'db' | 'storage'>, names: { database: string; storage: string }) {
  if (!(await isEmptyDatabase(target.db))) {
    throw new RestoreRefusedError(`${names.database} ya tiene datos: la restauración nunca sobrescribe. Restaura en una base de datos vacía.`);
  }
  const [object] = await target.storage.list('');
  if (object) {
    throw new RestoreRefusedError(
      `${names.storage} ya tiene archivos (por ejemplo ${object.key}): la restauración nunca sobrescribe. Usa un almacenamiento vacío.`,
    );
  }
}

export interface RestoreSummary {
  manifest: Manifest;
  rows: number;
  media: number;
}

/**
 * Verifies the archive, then loads it in one transaction that holds the target's restore lock from the start: the
 * target checked empty (database and media store), media first (files before the rows that point at them), then
 * the schema the archive was made with, every row, the sequences and this version's newer migrations. A second
 * restore into the same database meanwhile is refused (RestoreRefusedError) before it writes anything. On any
 * failure the transaction rolls back and the files this restore wrote (never one that was there) are removed, so
 * the target stays as it was.
 */
export async function restoreArchive(
  file: string,
  target: RestoreTarget,
  onProgress?: (p: Progress) => void,
  /** The manifest `verifyArchive` already answered for this file, to skip a second check. */
  verified?: Manifest,
): Promise<RestoreSummary> {
  const manifest = verified ?? (await verifyArchive(file, onProgress));
  const migrations = codeMigrations();
  const archived = manifest.migrations.at(-1)?.createdAt ?? 0;
  const latest = migrations.at(-1)?.folderMillis ?? 0;
  if (archived > latest)
    throw new ArchiveError('fue hecha con una versión más nueva de Refugio Admin: actualiza esta instalación antes de restaurarla.');
  const before = migrations.filter((m) => m.folderMillis <= archived);
  const after = migrations.filter((m) => m.folderMillis > archived);
  if (before.length !== manifest.migrations.length || before.some((m, i) => m.folderMillis !== manifest.migrations[i]!.createdAt)) {
    throw new ArchiveError('tiene un historial de migraciones que esta versión de Refugio Admin no reconoce.');
  }

  const expected = expectedEntries(manifest);
  const mediaByEntry = new Map(manifest.media.map((m) => [m.entry, m.key]));
  const spool = mkdtempSync(path.join(tmpdir(), 'refugio-restore-'));
  const written: string[] = [];
  let secret: Buffer | undefined;
  try {
    await target.db.transaction(async (tx) => {
      if (!(await tryTransactionLock(tx, RESTORE_LOCK)))
        throw new RestoreRefusedError(
          'Otra restauración está en curso en esta base de datos: espera a que termine (la restauración nunca sobrescribe).',
        );
      // Checked under the lock: a restore that finished meanwhile has filled it.
      await assertEmptyTarget({ db: tx, storage: target.storage }, target.names ?? { database: 'La base de datos', storage: 'El almacenamiento' });
      await readEntries(
        file,
        async (name, body) => {
          const want = expected.get(name);
          if (!want) {
            body.resume();
            return;
          }
          const digest = new Digest();
          body.once('error', (error) => digest.destroy(error));
          const key = mediaByEntry.get(name);
          if (key !== undefined) {
            // Never over a file someone else wrote (another instance's upload, a restore into another database).
            if (await target.storage.head(key)) {
              body.resume();
              throw new RestoreRefusedError(`${target.names?.storage ?? 'El almacenamiento'} ya tiene ${key}: la restauración nunca sobrescribe.`);
            }
            written.push(key);
            await target.storage.put(key, body.pipe(digest));
          } else if (name === AUTH_SECRET_ENTRY) {
            secret = await buffer(body.pipe(digest));
          } else {
            await pipeline(body, digest, createWriteStream(path.join(spool, path.basename(name))));
          }
          if (digest.hex() !== want.sha256) throw new ArchiveError(`cambió mientras se restauraba (${name}).`);
        },
        (done, total) => onProgress?.({ phase: 'restore', done, total }),
      );

      await applyMigrations(tx, before);
      for (const table of manifest.tables) {
        // An archive made before these totals were derived carries them; the triggers have rebuilt them already.
        if (DERIVED_TABLES.has(table.table)) continue;
        await clearShippedRows(tx, table.table);
        const lines = createInterface({ input: createReadStream(path.join(spool, path.basename(table.entry))), crlfDelay: Infinity });
        let batch: string[] = [];
        for await (const line of lines) {
          if (!line) continue;
          batch.push(line);
          if (batch.length >= 500) {
            await insertRows(tx, table.table, batch);
            batch = [];
          }
        }
        await insertRows(tx, table.table, batch);
      }
      for (const table of manifest.tables) await resetSequences(tx, table.table);
      await applyMigrations(tx, after);
    });
  } catch (error) {
    for (const key of written) await target.storage.delete(key).catch(() => undefined);
    throw error;
  } finally {
    rmSync(spool, { recursive: true, force: true });
  }

  const secretFile = path.join(target.dataDir, 'auth-secret');
  if (secret && !target.authSecretConfigured && !existsSync(secretFile)) {
    mkdirSync(target.dataDir, { recursive: true });
    writeFileSync(secretFile, secret, { mode: 0o600, flag: 'wx' });
    chmodSync(secretFile, 0o600);
  }
  return { manifest, rows: manifest.tables.reduce((n, t) => n + t.rows, 0), media: manifest.media.length };
}
