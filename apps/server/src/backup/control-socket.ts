import { createHash } from 'node:crypto';
import { chmodSync, rmSync } from 'node:fs';
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
export function backupSocketPath(dataDir: string): string {
  const id = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  if (process.platform === 'win32') return `\\\\.\\pipe\\refugio-backup-${id}`;
  const inside = path.join(path.resolve(dataDir), 'backup.sock');
  // Unix socket paths are limited to about 100 bytes.
  return Buffer.byteLength(inside) <= 100 ? inside : path.join(tmpdir(), `refugio-backup-${id}.sock`);
}

export async function listenForBackups(dataDir: string, source: BackupSource, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const socketPath = backupSocketPath(dataDir);
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
    if (process.platform !== 'win32') rmSync(socketPath, { force: true });
  };
}
