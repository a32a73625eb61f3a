import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

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
