import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { BackupSource } from './backup';
import { backupSocketPath, listenForBackups, openBackupSocketPath } from './control-socket';

const silentLog = { info: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
const work = mkdtempSync(path.join(tmpdir(), 'refugio-socket-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A DATA_DIR too long to hold a Unix socket path (about 100 bytes at most). */
function longDataDir(): string {
  const dir = path.join(work, 'a'.repeat(60), 'b'.repeat(60), `datos-${Math.random().toString(16).slice(2)}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

describe.skipIf(process.platform === 'win32')('the backup socket of a long DATA_DIR', () => {
  it('lives in a private folder with an unpredictable name, which DATA_DIR names for the client', () => {
    const dataDir = longDataDir();
    const first = openBackupSocketPath(dataDir);
    try {
      const folder = path.dirname(first.socketPath);
      expect(folder.startsWith(tmpdir())).toBe(true);
      expect(path.basename(folder)).toMatch(/^refugio-backup-.{6}$/);
      // Owner-only: nobody else can create or reach a file in it.
      expect(statSync(folder).mode & 0o777).toBe(0o700);
      expect(statSync(path.join(dataDir, 'backup-socket')).mode & 0o777).toBe(0o600);
      expect(backupSocketPath(dataDir)).toBe(first.socketPath);
      // Not derived from DATA_DIR: another start gets another folder.
      const second = openBackupSocketPath(dataDir);
      expect(path.dirname(second.socketPath)).not.toBe(folder);
      second.cleanUp();
    } finally {
      first.cleanUp();
    }
    expect(existsSync(path.dirname(first.socketPath))).toBe(false);
    expect(existsSync(path.join(dataDir, 'backup-socket'))).toBe(false);
  });

  it('is where the server listens and the client connects, and is removed when the server stops', async () => {
    const dataDir = longDataDir();
    const stop = await listenForBackups(dataDir, {} as BackupSource, silentLog);
    const socketPath = backupSocketPath(dataDir);
    expect(existsSync(socketPath)).toBe(true);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(socketPath);
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', reject);
    });
    await stop();
    expect(existsSync(path.dirname(socketPath))).toBe(false);
  });
});
