import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningServer, freePort, spawnServer, waitReady } from '../helpers/server-process-support';

const entry = path.resolve(import.meta.dirname, '../../src/server.ts');

function startServer(env: Record<string, string>): Promise<RunningServer> {
  return Promise.resolve(spawnServer(['--import', 'tsx', entry], { ...process.env, LOG_LEVEL: 'warn', ...env }));
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the server process', () => {
  it('stops with one message naming the variable when the configuration is invalid', async () => {
    const running = await startServer({ PORT: 'no-es-un-puerto', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'refugio-proc-')) });
    expect(await running.exited).toBe(1);
    expect(running.output()).toMatch(/Configuración no válida: la variable PORT /);
  });

  it('finishes in-flight requests on SIGTERM, closes PGlite cleanly, and restarts on the same data', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'refugio-proc-'));
    dirs.push(dataDir);
    const port = await freePort();
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: 'jefa@refugio.test',
      ADMIN_PASSWORD: 'clave-de-la-jefa-1',
      SIGN_IN_ATTEMPTS_PER_MINUTE: '100',
    };
    const first = await startServer(env);
    await waitReady(`http://127.0.0.1:${port}`, first);
    expect(first.output()).toContain('Se creó el primer administrador.');
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(true);

    // A sign-in whose body is only half sent when SIGTERM arrives: the server is inside that request and
    // must let it finish, then exit.
    const body = JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
    const inFlight = new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/auth/sign-in/email',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: env.PUBLIC_URL },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        first.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 300);
    });
    expect(await inFlight).toBe(200);
    const signIn = () =>
      fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: env.PUBLIC_URL },
        body,
      }).then((r) => r.status);
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
    // A shutdown is not a lost change feed: nothing alarming in the log of a clean stop.
    expect(first.output()).not.toMatch(/"level":(40|50|60)/);

    const second = await startServer(env);
    await waitReady(`http://127.0.0.1:${port}`, second);
    expect(second.output()).not.toContain('Se creó el primer administrador.');
    expect(await signIn()).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);

  it('refuses to open a data directory another live server is using', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'refugio-proc-'));
    dirs.push(dataDir);
    const port = await freePort();
    const first = await startServer({ DATA_DIR: dataDir, PORT: String(port) });
    await waitReady(`http://127.0.0.1:${port}`, first);
    const second = await startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/ya usa/);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  }, 120_000);
});
