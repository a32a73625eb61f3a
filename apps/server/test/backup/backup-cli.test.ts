import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Populated, populate } from '../helpers/backup-support';
import { type HttpClient, signInOver } from '../helpers/http-client';
import { postgresUrlForTests } from '../helpers/postgres-for-tests';
import { type S3TestServer, startS3TestServer } from '../helpers/s3-test-server';
import { type RunningServer, freePort, spawnServer, waitReady } from '../helpers/server-process-support';
import { openThrowawayDatabase } from '../helpers/throwaway-database';

const serverEntry = path.resolve(import.meta.dirname, '../../src/server.ts');
const cliEntry = path.resolve(import.meta.dirname, '../../src/backup/cli.ts');
const ADMIN = { ADMIN_EMAIL: 'jefa@refugio.test', ADMIN_PASSWORD: 'clave-de-la-jefa-1' };

const dirs: string[] = [];
const running: RunningServer[] = [];
afterAll(() => {
  for (const r of running) if (r.child.exitCode === null) r.child.kill('SIGKILL');
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'refugio-cli-'));
  dirs.push(dir);
  return dir;
};

async function startServer(env: Record<string, string>): Promise<{ server: RunningServer; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawnServer(['--import', 'tsx', serverEntry], {
    ...process.env,
    LOG_LEVEL: 'warn',
    SIGN_IN_ATTEMPTS_PER_MINUTE: '1000',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    ...ADMIN,
    ...env,
    PORT: String(port),
    PUBLIC_URL: base,
  });
  running.push(server);
  await waitReady(base, server, 180_000);
  return { server, base };
}

async function stop(server: RunningServer) {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

/** Runs `npm run backup|restore -- FILE` (the same script) with `env`; resolves with its exit code and output. */
async function cli(command: 'backup' | 'restore', file: string, env: Record<string, string>) {
  const run = spawnServer(['--import', 'tsx', cliEntry, command, file], {
    ...process.env,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    ...env,
  });
  const code = await run.exited;
  return { code, output: run.output() };
}

/** The restored server serves what the original served, to the same administrator with the same password. */
async function expectSameInstance(base: string, before: Populated, original: HttpClient) {
  const admin = await signInOver(base, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
  const pet = async (client: HttpClient) => (await client.raw(`/phpApi/mascota/${before.petWithMedia}`)).json() as Promise<Record<string, unknown>>;
  expect(await pet(admin)).toEqual(await pet(original));
  const image = `/phpApi/storage/app/public/productos/${before.petWithMedia}/${before.imageName}`;
  expect(Buffer.from(await (await admin.raw(image)).arrayBuffer()).equals(Buffer.from(await (await original.raw(image)).arrayBuffer()))).toBe(true);
  const part = await admin.raw(before.videoUrl, { headers: { range: 'bytes=100-199' } });
  expect(part.status).toBe(206);
  expect(Buffer.from(await part.arrayBuffer()).equals(before.video.subarray(100, 200))).toBe(true);
  const users = async (client: HttpClient) =>
    ((await (await client.raw('/api/users')).json()) as { items: { email: string }[] }).items.map((u) => u.email).sort();
  expect(await users(admin)).toEqual(await users(original));
}

describe('npm run backup / npm run restore', () => {
  // Each step starts a process; PGlite creates its files on disk: minutes on a loaded machine.
  it('backs up PGlite + local disk while the server runs, and restores it into an empty data directory only', { timeout: 300_000 }, async () => {
    const dataDir = tempDir();
    const { server, base } = await startServer({ DATA_DIR: dataDir });
    const admin = await signInOver(base, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const before = await populate(admin.send, base);

    // PGlite belongs to the server: the command asks it for the archive, and the server keeps serving.
    const file = path.join(tempDir(), 'copia.tar');
    const made = await cli('backup', file, { DATA_DIR: dataDir });
    expect(made.output).toContain('está usando');
    expect(made.output).toMatch(/Recibiendo la copia del servidor: /);
    expect(made.output).toMatch(/Comprobando la copia: \d+ %/);
    expect(made.output).toMatch(/Copia de seguridad escrita en .*copia\.tar: \d+ tablas \(\d+ filas\) y 6 archivos/);
    expect(made.code).toBe(0);
    expect((await fetch(`${base}/api/ready`)).status).toBe(200);
    // A backup never overwrites another.
    expect((await cli('backup', file, { DATA_DIR: dataDir })).output).toContain('ya existe');

    const restoredDir = tempDir();
    const restored = await cli('restore', file, { DATA_DIR: restoredDir });
    expect(restored.output).toMatch(/Restaurando: \d+ %/);
    expect(restored.output).toContain('Restaurado desde');
    expect(restored.code).toBe(0);
    const again = await cli('restore', file, { DATA_DIR: restoredDir });
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/No se restauró nada: .* ya tiene una base de datos: la restauración nunca sobrescribe/);

    const copy = await startServer({ DATA_DIR: restoredDir });
    await expectSameInstance(copy.base, before, admin);
    await stop(copy.server);
    await stop(server);

    // With the server stopped, the command opens the data directory itself.
    const offline = await cli('backup', path.join(tempDir(), 'parada.tar'), { DATA_DIR: dataDir });
    expect(offline.output).not.toContain('está usando');
    expect(offline.code).toBe(0);
  });

  it('refuses a file that is not a backup and leaves the data directory as it was', { timeout: 60_000 }, async () => {
    const dataDir = tempDir();
    const result = await cli('restore', path.join(import.meta.dirname, '../helpers/media.ts'), { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/No se restauró nada: la copia .*media\.ts (está dañada o incompleta|no es una copia de Refugio Admin)/);
    expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'media'))).toBe(false);
  });
});

const postgres = await postgresUrlForTests();

describe.skipIf(!postgres)('npm run backup / npm run restore on PostgreSQL + S3', () => {
  let s3: S3TestServer | undefined;
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
    await s3?.close();
  });

  async function emptyDatabaseUrl(): Promise<string> {
    const db = await openThrowawayDatabase(postgres!, { prefix: 'refugio_cli', poolSize: 1, migrate: false });
    drops.push(db.drop);
    await db.database.close();
    const url = new URL(postgres!);
    url.pathname = `/${db.name}`;
    return url.toString();
  }

  it('backs up while the server runs and restores into an empty database and an empty bucket', { timeout: 300_000 }, async () => {
    s3 = await startS3TestServer({ buckets: ['origen', 'destino'] });
    const source = { ...s3.env, S3_BUCKET: 'origen', DATABASE_URL: await emptyDatabaseUrl(), DATA_DIR: tempDir(), AUTH_SECRET: 'x'.repeat(40) };
    const { server, base } = await startServer(source);
    const admin = await signInOver(base, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const before = await populate(admin.send, base);

    const file = path.join(tempDir(), 'copia.tar');
    const made = await cli('backup', file, source);
    expect(made.output).toMatch(/Copiando archivos: \d+ %/);
    expect(made.code, made.output).toBe(0);

    const target = { ...source, S3_BUCKET: 'destino', DATABASE_URL: await emptyDatabaseUrl(), DATA_DIR: tempDir() };
    const restored = await cli('restore', file, target);
    expect(restored.code, restored.output).toBe(0);
    // Restoring twice is refused: the database now has data.
    const again = await cli('restore', file, target);
    expect(again.code).toBe(1);
    expect(again.output).toContain('La base de datos de DATABASE_URL ya tiene datos');

    const copy = await startServer(target);
    await expectSameInstance(copy.base, before, admin);
    await stop(copy.server);
    await stop(server);
  });
});
