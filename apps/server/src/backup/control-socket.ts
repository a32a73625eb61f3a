import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type Server, type Socket, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { BackupSource } from './backup';

/**
 * PGlite belongs to one process, so `npm run backup` cannot open a data directory a running server holds. The
 * server instead answers backups on a local socket inside DATA_DIR (owner-only): whoever can reach it can already
 * read DATA_DIR. The client sends `backup\n` and receives the archive; a failure closes the socket early, which
 * the client's check of the archive reports.
 */
/** Inside DATA_DIR, the file that names the socket when DATA_DIR is too long to hold it. */
const POINTER_FILE = 'backup-socket';

function insidePath(dataDir: string): string | undefined {
  const inside = path.join(path.resolve(dataDir), 'backup.sock');
  // Unix socket paths are limited to about 100 bytes.
  return Buffer.byteLength(inside) <= 100 ? inside : undefined;
}

/**
 * Where `npm run backup` finds the server's socket: inside DATA_DIR, or, when DATA_DIR is too long for a socket
 * path, where DATA_DIR's pointer file says (a private folder the server made; see `openBackupSocketPath`).
 */
export function backupSocketPath(dataDir: string): string {
  if (process.platform === 'win32') {
    const id = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
    return `\\\\.\\pipe\\refugio-backup-${id}`;
  }
  const inside = insidePath(dataDir);
  if (inside) return inside;
  try {
    return readFileSync(path.join(path.resolve(dataDir), POINTER_FILE), 'utf8').trim();
  } catch {
    return path.join(path.resolve(dataDir), 'backup.sock');
  }
}

/**
 * The socket path the server listens on, and how to clean it up. With a long DATA_DIR the socket goes into a
 * fresh folder of the temporary directory with an unpredictable name and owner-only permissions (mkdtemp makes
 * it 0700), never at a fixed path in /tmp that another local user could take first; DATA_DIR's pointer file
 * (owner-only) names it for the client.
 */
export function openBackupSocketPath(dataDir: string): { socketPath: string; cleanUp: () => void } {
  if (process.platform === 'win32') return { socketPath: backupSocketPath(dataDir), cleanUp: () => undefined };
  const inside = insidePath(dataDir);
  if (inside) return { socketPath: inside, cleanUp: () => rmSync(inside, { force: true }) };
  const folder = mkdtempSync(path.join(tmpdir(), 'refugio-backup-'));
  chmodSync(folder, 0o700);
  const socketPath = path.join(folder, 'backup.sock');
  const pointer = path.join(path.resolve(dataDir), POINTER_FILE);
  writeFileSync(pointer, `${socketPath}\n`, { mode: 0o600 });
  return {
    socketPath,
    cleanUp: () => {
      rmSync(folder, { recursive: true, force: true });
      rmSync(pointer, { force: true });
    },
  };
}

export async function listenForBackups(dataDir: string, source: BackupSource, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const { socketPath, cleanUp } = openBackupSocketPath(dataDir);
  // This process holds DATA_DIR's lock, so a socket file left here belongs to a server that died.
  if (process.platform !== 'win32') rmSync(socketPath, { force: true });
  const busy = new Set<Socket>();
  const server: Server = createServer((socket) => {
    busy.add(socket);
    socket.once('close', () => busy.delete(socket));
    socket.once('error', () => undefined);
    socket.once('data', (chunk: Buffer) => {
      if (chunk.toString('utf8').trim() !== 'backup') {
        socket.destroy();
        return;
      }
      log.info('backup requested on the local socket');
      // The archive code (and tar) is loaded when a backup is asked for, not at every start-up.
      import('./backup')
        .then(({ writeBackup }) => writeBackup(source, socket))
        .then((manifest) => log.info({ tables: manifest.tables.length, media: manifest.media.length }, 'backup written'))
        .catch((error: unknown) => {
          log.error({ err: error }, 'backup failed');
          socket.destroy();
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  if (process.platform !== 'win32') chmodSync(socketPath, 0o600);
  return async () => {
    for (const socket of busy) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    cleanUp();
  };
}
