import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A loopback port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

export interface RunningServer {
  child: ChildProcess;
  /** Everything the process printed so far. */
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts `node <args>` (the server) with `env` on top of this process's environment, collecting its output. */
export function spawnServer(args: string[], env: NodeJS.ProcessEnv): RunningServer {
  let output = '';
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Resolves once GET {baseUrl}/api/ready answers 200; throws with the server's output if it exits or times out. */
export async function waitReady(baseUrl: string, running: RunningServer, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null) throw new Error(`The server exited while starting:\n${running.output()}`);
    try {
      if ((await fetch(`${baseUrl}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The server was not ready in time:\n${running.output()}`);
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const builtServerEntry = path.join(repoRoot, 'apps/server/dist/server.js');

/** Whether `npm run build` has produced both the server and the web app it serves. */
export function isBuilt(): boolean {
  return existsSync(builtServerEntry) && existsSync(path.join(repoRoot, 'apps/web/dist/index.html'));
}

/** For the scripts: says the build is missing and exits 2 unless `npm run build` has run. */
export function exitUnlessBuilt(): void {
  if (isBuilt()) return;
  console.error('Missing build: run `npm run build` first.');
  process.exit(2);
}

/** The newest modification time of the files under `dir` (0 when it does not exist). */
function newestChange(dir: string): number {
  if (!existsSync(dir)) return 0;
  const info = statSync(dir);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(
    0,
    ...readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.name !== 'node_modules')
      .map((entry) => newestChange(path.join(dir, entry.name))),
  );
}

/**
 * Builds the server (apps/server/build.mjs: dist/server.js and the PGlite template) unless dist/server.js is newer
 * than every file it is made from, for the tests that run the built server: `npm test` and CI have just built it, so
 * they do not build it again; a test run after a change to the sources does. Two files asking at once build once:
 * the second waits for the first's build.
 */
export async function buildServerIfStale(): Promise<void> {
  const serverRoot = path.join(repoRoot, 'apps/server');
  const sources = ['apps/server/src', 'apps/server/drizzle', 'apps/server/build.mjs', 'apps/server/package.json', 'packages/contracts/src'];
  const stale = () =>
    !existsSync(builtServerEntry) || statSync(builtServerEntry).mtimeMs < Math.max(...sources.map((s) => newestChange(path.join(repoRoot, s))));
  if (!stale()) return;
  mkdirSync(path.join(serverRoot, 'dist'), { recursive: true });
  const lock = path.join(serverRoot, 'dist', '.building');
  for (const deadline = Date.now() + 300_000; ;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`${lock} is still there after 5 minutes (a build that died?): remove it`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    if (!stale()) return;
    const build = spawnSync(process.execPath, ['build.mjs'], { cwd: serverRoot, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`build failed: ${build.stderr}`);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export interface BuiltServer {
  /** http://127.0.0.1:{port}, also the server's PUBLIC_URL. */
  url: string;
  port: number;
  dataDir: string;
  /** Everything the process printed so far. */
  output: () => string;
  /** Stops the server (SIGTERM, SIGKILL after 10 s) and removes the data directory. */
  stop: () => Promise<void>;
}

/**
 * Starts the production build (apps/server/dist/server.js) on loopback with a free port, PUBLIC_URL at that
 * address, the first administrator `admin`, LOG_LEVEL=warn and `env` on top; resolves once it is ready. The data
 * directory is `dataDir` if given (the caller made it), else a new temporary one named after `name`; `stop()`
 * removes it either way, and so does a failed start.
 */
export async function startBuiltServer(options: {
  admin: { email: string; password: string };
  env?: NodeJS.ProcessEnv;
  dataDir?: string;
  /** Names the temporary data directory: refugio-{name}-XXXXXX. */
  name?: string;
  /** How long the start may take (default 60 s; a benchmark on a busy shared machine may allow more). */
  readyTimeoutMs?: number;
}): Promise<BuiltServer> {
  if (!isBuilt()) throw new Error('Missing build: run `npm run build` first.');
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), `refugio-${options.name ?? 'server'}-`));
  let running: RunningServer | undefined;
  const stop = async () => {
    if (running && running.child.exitCode === null && running.child.signalCode === null) {
      running.child.kill('SIGTERM');
      const killer = setTimeout(() => running?.child.kill('SIGKILL'), 10_000);
      await running.exited;
      clearTimeout(killer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    running = spawnServer([builtServerEntry], {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      ADMIN_EMAIL: options.admin.email,
      ADMIN_PASSWORD: options.admin.password,
      LOG_LEVEL: 'warn',
      ...options.env,
    });
    await waitReady(url, running, options.readyTimeoutMs);
    return { url, port, dataDir, output: running.output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
