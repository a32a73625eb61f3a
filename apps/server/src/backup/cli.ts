/**
 * `npm run backup -- FILE` and `npm run restore -- FILE`: same environment as the server (DATA_DIR, DATABASE_URL,
 * STORAGE_DRIVER and S3_*). Messages are in Spanish, progress goes to stderr, and the exit code is 0 only on success.
 */
import { createWriteStream, existsSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { countLabel } from '@refugio/contracts';
import { connect } from 'node:net';
import path from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import { type Config, ConfigError, loadConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { acquireDataDirLock } from '../lib/data-dir-lock';
import { createStorage } from '../plugins/storage';
import type { StorageProvider } from '../storage/storage-provider';
import { type Manifest, type Progress, writeBackup } from './backup';
import { backupSocketPath } from './control-socket';
import { ArchiveError, RestoreRefusedError, restoreArchive, verifyArchive } from './restore';

const say = (line: string) => process.stderr.write(`${line}\n`);

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toLocaleString('es', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;
}

const phaseNames: Record<Progress['phase'], string> = {
  media: 'Copiando archivos',
  database: 'Copiando la base de datos',
  receive: 'Recibiendo la copia del servidor',
  verify: 'Comprobando la copia',
  restore: 'Restaurando',
};

/** Prints progress at most once a second (and on each new phase), so large archives show they are moving. */
function progressPrinter(): (p: Progress) => void {
  let last = 0;
  let lastPhase = '';
  return (p) => {
    const now = Date.now();
    const ended = p.total !== undefined && p.done >= p.total;
    if (p.phase === lastPhase && now - last < 1000 && !ended) return;
    if (p.phase === lastPhase && ended && now - last < 1000) return;
    last = now;
    lastPhase = p.phase;
    if (p.phase === 'database') say(`${phaseNames.database}: tabla ${p.done} de ${p.total ?? '?'}`);
    else if (p.total) say(`${phaseNames[p.phase]}: ${Math.floor((p.done / p.total) * 100)} % (${megabytes(p.done)} de ${megabytes(p.total)})`);
    else say(`${phaseNames[p.phase]}: ${megabytes(p.done)}`);
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of a live server holding DATA_DIR, if any. */
function serverUsing(dataDir: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path.join(dataDir, 'server.pid'), 'utf8'), 10);
    return Number.isInteger(pid) && pid !== process.pid && isAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function openConfigured(config: Config): Promise<{ database: DatabaseHandle; storage: StorageProvider; release: () => void }> {
  const release = config.databaseUrl ? () => undefined : acquireDataDirLock(config.dataDir);
  try {
    const database = config.databaseUrl
      ? await openDatabase({ driver: 'postgres', url: config.databaseUrl, poolSize: 2 })
      : // A restore needs a database with no tables at all: never the template new servers start from.
        await openDatabase({ driver: 'pglite', dataDir: config.dataDir, template: false });
    try {
      return { database, storage: await createStorage(config), release };
    } catch (error) {
      await database.close();
      throw error;
    }
  } catch (error) {
    release();
    throw error;
  }
}

/** Asks the server that holds DATA_DIR for the archive and writes it to `file`. */
async function backupThroughServer(dataDir: string, file: string, onProgress: (p: Progress) => void): Promise<void> {
  const socketPath = backupSocketPath(dataDir);
  const socket = connect(socketPath);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', (error) =>
      reject(new Error(`el servidor que usa ${dataDir} no atiende copias en ${socketPath} (${error.message}). Detenlo y repite la copia.`)),
    );
  });
  let received = 0;
  socket.on('data', (chunk: Buffer) => onProgress({ phase: 'receive', done: (received += chunk.length), total: undefined }));
  // Do not end our side: the server would take it as the end of the conversation.
  socket.write('backup\n');
  await pipeline(socket, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
}

function summary(manifest: Manifest): string {
  const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
  const bytes = manifest.media.reduce((n, m) => n + m.size, 0);
  return `${countLabel(manifest.tables.length, 'tabla', 'tablas')} (${countLabel(rows, 'fila', 'filas')}) y ${countLabel(manifest.media.length, 'archivo', 'archivos')} (${megabytes(bytes)})`;
}

async function backup(config: Config, file: string): Promise<void> {
  if (existsSync(file)) throw new Error(`${file} ya existe: elige otro nombre (una copia nunca sobrescribe otra).`);
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  const onProgress = progressPrinter();
  try {
    const serverPid = config.databaseUrl ? undefined : serverUsing(config.dataDir);
    if (serverPid !== undefined) {
      say(`El servidor (pid ${serverPid}) está usando ${config.dataDir}: se le pide la copia.`);
      await backupThroughServer(config.dataDir, partial, onProgress);
    } else {
      const { database, storage, release } = await openConfigured(config);
      try {
        const out = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
        await writeBackup({ db: database.db, databaseDriver: database.driver, storage, dataDir: config.dataDir }, out, onProgress);
        await finished(out);
      } finally {
        storage.close?.();
        await database.close();
        release();
      }
    }
    let manifest: Manifest;
    try {
      manifest = await verifyArchive(partial, onProgress);
    } catch (error) {
      if (error instanceof ArchiveError) throw new Error(`La copia no se completó: el archivo ${error.message} Revisa el registro del servidor.`);
      throw error;
    }
    renameSync(partial, file);
    say(`Copia de seguridad escrita en ${file}: ${summary(manifest)}.`);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

async function restore(config: Config, file: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`No existe el archivo ${file}.`);
  const dbDir = path.join(config.dataDir, 'db');
  let createdDbDir = false;
  if (!config.databaseUrl) {
    const pid = serverUsing(config.dataDir);
    if (pid !== undefined)
      throw new RestoreRefusedError(`Un servidor (pid ${pid}) está usando ${config.dataDir}: detenlo y restaura en un DATA_DIR vacío.`);
    if (existsSync(dbDir) && readdirSync(dbDir).length > 0) {
      throw new RestoreRefusedError(`${config.dataDir} ya tiene una base de datos: la restauración nunca sobrescribe. Usa un DATA_DIR vacío.`);
    }
    createdDbDir = !existsSync(dbDir);
  }
  const onProgress = progressPrinter();
  // Check the whole archive before touching the target: a damaged one changes nothing, not even empty folders.
  const manifest = await verifyArchive(file, onProgress);
  let ok = false;
  const { database, storage, release } = await openConfigured(config);
  try {
    // The target is checked empty by the restore itself, under its lock on the database.
    const names = {
      database: config.databaseUrl ? 'La base de datos de DATABASE_URL' : `La base de datos de ${config.dataDir}`,
      storage:
        config.storage.driver === 's3' ? `El bucket "${config.storage.bucket}" (S3_BUCKET)` : `La carpeta ${path.join(config.dataDir, 'media')}`,
    };
    const result = await restoreArchive(
      file,
      { db: database.db, storage, dataDir: config.dataDir, authSecretConfigured: Boolean(config.authSecret), names },
      onProgress,
      manifest,
    );
    ok = true;
    say(`Restaurado desde ${file}: ${summary(result.manifest)}. Ya puedes iniciar el servidor.`);
  } finally {
    storage.close?.();
    await database.close();
    // A PGlite directory this run created and could not fill is removed: the data directory stays as it was.
    if (!ok && createdDbDir) rmSync(dbDir, { recursive: true, force: true });
    release();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, target] = argv;
  if ((command !== 'backup' && command !== 'restore') || !target) {
    say('Uso: npm run backup -- ARCHIVO   |   npm run restore -- ARCHIVO');
    return 2;
  }
  // npm runs scripts from the repository root; a relative name means the folder the command was typed in.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      say(error.message);
      return 1;
    }
    throw error;
  }
  try {
    if (command === 'backup') await backup(config, file);
    else await restore(config, file);
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof ArchiveError) say(`No se restauró nada: la copia ${file} ${message}`);
    else if (error instanceof RestoreRefusedError) say(`No se restauró nada: ${message}`);
    else say(`${command === 'backup' ? 'No se pudo hacer la copia' : 'No se pudo restaurar'}: ${message}`);
    return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    say(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
