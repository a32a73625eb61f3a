import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@refugio/contracts';
import { PUBLIC_URL, STAFF, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { multipart, petFields, videoBytes } from '../helpers/media';

/** Sends raw bytes on a fresh connection and returns everything the server wrote until it closed (or 3 s passed). */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(received);
    }, 3000);
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
    socket.on('error', reject);
    socket.write(request);
  });
}

function bodyOf(raw: string): { status: number; body: { code?: string; message?: string; requestId?: string } } {
  const status = Number(raw.split(' ')[1]);
  const text = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  return { status, body: JSON.parse(text) as { code?: string; message?: string; requestId?: string } };
}

/** Issue 9.4: even the answers Fastify and Node make themselves carry `{ code, message, requestId }`. */
describe('one error shape at the HTTP edge', () => {
  let t: TestApp;
  let port: number;
  let staff: string;
  let petId: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.createUser(STAFF);
    staff = await t.signIn(STAFF.email, STAFF.password);
    const form = multipart(petFields({ estado: 'publicada' }));
    petId = (
      await t.app.inject({
        method: 'POST',
        url: '/phpApi/mascota/nueva',
        payload: form.payload,
        headers: { ...form.headers, cookie: staff, origin: PUBLIC_URL },
      })
    ).json<{ id: number }>().id;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('answers a multipart body cut short with 400 in Spanish, not a 500', async () => {
    const cut = (name: string) =>
      Buffer.from(
        `--XX\r\nContent-Disposition: form-data; name="nombre"\r\n\r\nToby\r\n--XX\r\nContent-Disposition: form-data; name="${name}"; filename="a.jpg"\r\n\r\nabc`,
      );
    const send = (url: string, name: string) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: cut(name),
        headers: { 'content-type': 'multipart/form-data; boundary=XX', cookie: staff, origin: PUBLIC_URL },
      });
    const res = await send('/phpApi/mascota/nueva', 'image');
    expectErrorShape(res, 400, 'BAD_REQUEST');
    expect(res.json<{ message: string }>().message).toBe(messages.security.multipartInvalid);
  });

  it('answers a malformed URL component and an over-long parameter in the error shape', async () => {
    expectErrorShape(await t.app.inject({ url: '/api/users/%ff' }), 400, 'BAD_REQUEST');
    expectErrorShape(await t.app.inject({ url: `/api/mascotas/1/videos/${'a'.repeat(5000)}` }), 414, 'URI_TOO_LONG');
  });

  it('answers an unsatisfiable range with 416 in the error shape', async () => {
    const video = multipart([{ name: 'file', value: videoBytes.mp4(4096), fileName: 'v.mp4', contentType: 'video/mp4' }]);
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/mascotas/${petId}/videos`,
      payload: video.payload,
      headers: { ...video.headers, cookie: staff, origin: PUBLIC_URL },
    });
    const res = await t.app.inject({ url: up.json<{ url: string }>().url, headers: { range: 'bytes=999999-' } });
    expect(expectErrorShape(res, 416, 'RANGE_NOT_SATISFIABLE').message).toMatch(/rango/);
    expect(res.headers['content-range']).toBe('bytes */4096');
    // Not the year-long caching of the file itself: an error of a media route is never stored.
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers requests Node refuses before Fastify sees them in the error shape', async () => {
    const cases = [
      // Malformed chunked body.
      'POST /api/health HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhola\r\n0\r\n\r\n',
      // Both Content-Length and Transfer-Encoding (request smuggling).
      'POST /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      // A header over Node's size limit.
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Grande: ${'a'.repeat(20_000)}\r\n\r\n`,
    ];
    for (const request of cases) {
      const { status, body } = bodyOf(await rawExchange(port, request));
      expect([400, 431]).toContain(status);
      expect(body.code).toBe(status === 431 ? 'HEADERS_TOO_LARGE' : 'BAD_REQUEST');
      expect(body.message).toMatch(/solicitud|cabeceras/);
      expect(body.requestId).toEqual(expect.any(String));
    }
  });

  /** Issue 9.6: a refused upload must not leave its keep-alive connection stalled for the next request. */
  it('serves the next request on the same keep-alive connection after refusing an upload', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const call = (options: http.RequestOptions, body?: Buffer) =>
      new Promise<{ status: number; text: string; connection: string | undefined }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, agent, timeout: 5000, ...options }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text, connection: res.headers.connection }));
        });
        req.on('timeout', () => req.destroy(new Error('timed out')));
        req.on('error', reject);
        req.end(body);
      });
    try {
      const notAVideo = multipart([{ name: 'file', value: Buffer.alloc(4 * 1024 * 1024, 0x41), fileName: 'falso.mp4', contentType: 'video/mp4' }]);
      const attempts = [
        { headers: notAVideo.headers, body: notAVideo.payload },
        { headers: { 'content-type': 'application/octet-stream' }, body: Buffer.alloc(512 * 1024, 1) },
      ];
      for (const attempt of attempts) {
        const refused = await call(
          { method: 'POST', path: `/api/mascotas/${petId}/videos`, headers: { cookie: staff, origin: PUBLIC_URL, ...attempt.headers } },
          attempt.body,
        );
        expect(refused.status).toBe(415);
        const started = Date.now();
        const next = await call({ method: 'GET', path: '/api/health' });
        expect(next.status).toBe(200);
        expect(Date.now() - started).toBeLessThan(2000);
      }
    } finally {
      agent.destroy();
    }
  }, 30_000);
});
