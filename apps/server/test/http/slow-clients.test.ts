import { messages } from '@refugio/contracts';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../helpers/helpers';
import { multipart } from '../helpers/media';

interface Exchange {
  /** Everything the server wrote before it closed the connection (or the wait ended). */
  received: string;
  /** The server closed the connection (rather than the wait ending). */
  closed: boolean;
}

/**
 * Opens a connection (from `localAddress`), writes `chunks` (strings, or pauses in ms) and collects what the
 * server writes until it closes or `waitMs` passes.
 */
function exchange(port: number, chunks: (string | Buffer | number)[], options: { waitMs?: number; localAddress?: string } = {}): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: options.localAddress });
    const received: Buffer[] = [];
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ received: Buffer.concat(received).toString('utf8'), closed });
    };
    const timer = setTimeout(() => finish(false), options.waitMs ?? 5000);
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    const send = async () => {
      for (const chunk of chunks) {
        if (typeof chunk === 'number') await new Promise((r) => setTimeout(r, chunk));
        else if (!socket.destroyed) socket.write(chunk);
      }
    };
    socket.once('connect', () => void send());
  });
}

/** Opens a connection that sends complete headers and then never the body it announced; resolves once connected. */
function stalledBody(port: number, localAddress: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      socket.write('POST /api/auth/sign-in/email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/**
 * A client like a script's HTTP library: it writes the whole request (headers, then the body as fast as the
 * connection takes it) and reads the answer only afterwards. A server that closes with the body unread makes
 * the kernel reset the connection, and the answer waiting for this client is lost.
 */
function sendAllThenRead(port: number, head: string, body: Buffer): Promise<{ received: string; error?: string }> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const received: Buffer[] = [];
    let error: string | undefined;
    socket.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
    socket.on('close', () => resolve({ received: Buffer.concat(received).toString('utf8'), error }));
    const send = async () => {
      socket.write(head);
      for (let at = 0; at < body.length && !socket.destroyed; at += 64 * 1024) {
        if (!socket.write(body.subarray(at, at + 64 * 1024))) await new Promise((r) => socket.once('drain', r).once('close', r));
      }
      if (!socket.destroyed) socket.on('data', (chunk: Buffer) => received.push(chunk));
    };
    socket.once('connect', () => void send());
  });
}

function answer(raw: string): { status: number; body: { code?: string; message?: string; requestId?: string } } {
  const status = Number(raw.split(' ')[1]);
  const text = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  return { status, body: text ? (JSON.parse(text) as { code?: string; message?: string; requestId?: string }) : {} };
}

function registrationParts() {
  return [
    ['nombre', 'Canela'],
    ['edad', '1 año'],
    ['tipo', 'Gato'],
    ['genero', 'hembra'],
    ['tamano', 'chico'],
    ['discapacidad', '0'],
    ['personalidad', 'Juguetona'],
    ['historia', 'Encontrada en un parque'],
    ['tags', '[]'],
    ['contactoNombre', 'Rescatista Uno'],
    ['contactoEmail', 'rescate@example.org'],
    ['contactoTelefono', '+54 11 5555-0000'],
  ].map(([name, value]) => ({ name: name!, value: value! }));
}

describe('bodies that never arrive (REQUEST_TIMEOUT_SECONDS, UPLOAD_IDLE_SECONDS)', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ REQUEST_TIMEOUT_SECONDS: '0.6', UPLOAD_IDLE_SECONDS: '0.6' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('answers 408 in Spanish and closes a request whose body stops coming', async () => {
    const res = await exchange(
      port,
      ['POST /api/auth/sign-in/email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em'],
      {
        waitMs: 8000,
      },
    );
    expect(res.closed).toBe(true);
    const { status, body } = answer(res.received);
    expect(status).toBe(408);
    expect(body).toMatchObject({ code: 'REQUEST_TIMEOUT', message: messages.errors.REQUEST_TIMEOUT });
    expect(body.requestId).toBeTruthy();
  });

  it('closes an upload that stops sending, but lets a slow steady upload take longer than the request timeout', async () => {
    const form = multipart(registrationParts());
    const head = `POST /api/public/registro-mascota HTTP/1.1\r\nHost: x\r\nContent-Type: ${form.headers['content-type']}\r\nContent-Length: ${form.payload.length}\r\nConnection: close\r\n\r\n`;

    // A third of the form, then nothing.
    const stalled = await exchange(port, [head, form.payload.subarray(0, 300)], { waitMs: 8000 });
    expect(stalled.closed).toBe(true);
    expect(answer(stalled.received)).toMatchObject({ status: 408, body: { code: 'REQUEST_TIMEOUT', message: messages.security.uploadIdle } });

    // The same form in slices a quarter of the idle time apart: about twice the request timeout in all.
    const slices: (Buffer | number)[] = [];
    const step = Math.ceil(form.payload.length / 8);
    for (let at = 0; at < form.payload.length; at += step) slices.push(form.payload.subarray(at, at + step), 150);
    const steady = await exchange(port, [head, ...slices], { waitMs: 8000 });
    expect(answer(steady.received).status, steady.received).toBe(201);
  });
});

describe('a greedy address (MAX_CONNECTIONS_PER_ADDRESS)', () => {
  let t: TestApp;
  let port: number;
  const held: net.Socket[] = [];
  beforeAll(async () => {
    t = await createTestApp({ MAX_CONNECTIONS_PER_ADDRESS: '5', REQUEST_TIMEOUT_SECONDS: '60' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await t.close();
  });

  it('closes its connections over the cap while another address and /api/health are served', async () => {
    for (let i = 0; i < 5; i++) held.push(await stalledBody(port, '127.0.0.2'));
    await expect.poll(() => t.app.openConnections('127.0.0.2')).toBe(5);

    // The sixth connection of the greedy address is closed as it opens: no answer.
    const over = await exchange(port, ['GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n'], { localAddress: '127.0.0.2' });
    expect(over).toEqual({ received: '', closed: true });

    // Everyone else, and the health check, are served.
    const health = await exchange(port, ['GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'], { localAddress: '127.0.0.1' });
    expect(answer(health.received).status).toBe(200);
    const other = await exchange(port, ['GET /api/auth/get-session HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'], { localAddress: '127.0.0.3' });
    expect(answer(other.received).status).toBe(200);

    // A closed connection gives its place back.
    held.pop()!.destroy();
    await expect.poll(() => t.app.openConnections('127.0.0.2')).toBe(4);
    const again = await exchange(port, ['GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'], { localAddress: '127.0.0.2' });
    expect(answer(again.received).status).toBe(200);
  });
});

describe("Node's own refusals and refused uploads", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_UPLOAD_MB_PER_DAY: '1' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('answers a request without Host (400) and an unknown Expect (417) in the error shape, in Spanish', async () => {
    const noHost = answer((await exchange(port, ['GET /api/health HTTP/1.1\r\n\r\n'])).received);
    expect(noHost).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', message: messages.security.hostMissing } });
    expect(noHost.body.requestId).toBeTruthy();
    const expectation = answer((await exchange(port, ['GET /api/health HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\n\r\n'])).received);
    expect(expectation).toMatchObject({ status: 417, body: { code: 'EXPECTATION_FAILED', message: messages.errors.EXPECTATION_FAILED } });
    expect(expectation.body.requestId).toBeTruthy();
  });

  it('lets a client that sends the whole body without Expect: 100-continue read the refusal (no reset)', async () => {
    // Over PUBLIC_UPLOAD_MB_PER_DAY: refused (429) before the body is read, while fetch is still sending it.
    const big = multipart([
      ...registrationParts(),
      { name: 'videos', value: Buffer.alloc(24 * 1024 * 1024, 0x20), fileName: 'v.mp4', contentType: 'video/mp4' },
    ]);
    const refused = await fetch(`http://127.0.0.1:${port}/api/public/registro-mascota`, { method: 'POST', body: big.payload, headers: big.headers });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: messages.security.publicUploadDailyBudget });

    // Refused after part of the body was read: the main image is over its limit (413).
    const tooBig = multipart([
      ...registrationParts(),
      { name: 'image', value: Buffer.alloc(900 * 1024, 0xff), fileName: 'a.jpg', contentType: 'image/jpeg' },
    ]);
    const late = await fetch(`http://127.0.0.1:${port}/api/public/registro-mascota`, {
      method: 'POST',
      body: tooBig.payload,
      headers: tooBig.headers,
    });
    expect(late.status).toBe(413);
    expect(await late.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('lets a client that writes the whole body before reading read the refusal (no reset)', async () => {
    const big = multipart([
      ...registrationParts(),
      { name: 'videos', value: Buffer.alloc(16 * 1024 * 1024, 0x20), fileName: 'v.mp4', contentType: 'video/mp4' },
    ]);
    const head = `POST /api/public/registro-mascota HTTP/1.1\r\nHost: x\r\nContent-Type: ${big.headers['content-type']}\r\nContent-Length: ${big.payload.length}\r\n\r\n`;
    const res = await sendAllThenRead(port, head, big.payload);
    expect(res.error).toBeUndefined();
    expect(answer(res.received)).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED', message: messages.security.publicUploadDailyBudget } });
  });
});
