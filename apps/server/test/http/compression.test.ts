import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../helpers/helpers';
import { jpeg, multipart, petFields } from '../helpers/media';

const PRECOMPRESS = path.resolve(import.meta.dirname, '../../../web/scripts/precompress.mjs');

/** A body as the browser reads it: decoded by its Content-Encoding. */
function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  expect(encoding, 'an encoding the test knows').toBeUndefined();
  return res.body;
}

const BR = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const GZIP = { 'accept-encoding': 'gzip' };

/**
 * DESIGN 6: what a browser downloads is what counts. The built assets leave compressed as the build compressed them
 * (brotli, else gzip, else as they are), by Accept-Encoding; JSON and HTML written per request are compressed from
 * 1 KB; media never are; hashed assets are cached for a year, HTML never without asking.
 */
describe('compression and caching as a browser receives them', () => {
  let t: TestApp;
  let dist: string;
  const script = `export const greeting = ${JSON.stringify('hola '.repeat(800))};\n`;
  const style = `${Array.from({ length: 200 }, (_, i) => `.c${i}{color:#${(i * 4111).toString(16).padStart(6, '0').slice(0, 6)}}`).join('\n')}\n`;
  const indexHtml = `<!doctype html><html lang="es"><head><title>Refugio</title></head><body><div id="root"></div>${'<!-- relleno -->'.repeat(80)}</body></html>`;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'refugio-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), indexHtml);
    writeFileSync(path.join(dist, 'adopta.html'), indexHtml.replace('id="root"', 'id="root" data-public'));
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
    writeFileSync(path.join(dist, 'assets', 'index-abc123.css'), style);
    writeFileSync(path.join(dist, 'assets', 'tiny-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    // The build's own step, on this folder.
    execFileSync(process.execPath, [PRECOMPRESS, dist]);
    t = await createTestApp({}, { webDistDir: dist });
  });
  afterAll(() => t.close());

  it('writes a brotli and a gzip copy beside each text asset at build time, none for tiny files', () => {
    for (const file of ['index.html', 'adopta.html', 'assets/index-abc123.js', 'assets/index-abc123.css']) {
      const original = readFileSync(path.join(dist, file), 'utf8');
      expect(brotliDecompressSync(readFileSync(path.join(dist, `${file}.br`))).toString('utf8'), file).toBe(original);
      expect(gunzipSync(readFileSync(path.join(dist, `${file}.gz`))).toString('utf8'), file).toBe(original);
    }
    expect(() => readFileSync(path.join(dist, 'assets/tiny-abc123.js.br'))).toThrow();
  });

  it('sends a hashed script and stylesheet as the browser accepts them, cached for a year', async () => {
    for (const [url, original, type] of [
      ['/assets/index-abc123.js', script, 'javascript'],
      ['/assets/index-abc123.css', style, 'text/css'],
    ] as const) {
      const br = await t.app.inject({ url, headers: BR });
      expect(br.statusCode, url).toBe(200);
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers['content-type'], url).toContain(type);
      expect(br.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
      expect(br.headers.vary, url).toContain('Accept-Encoding');
      expect(br.rawPayload.length, url).toBeLessThan(original.length / 3);
      expect(decoded(br), url).toBe(original);

      const gz = await t.app.inject({ url, headers: GZIP });
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(decoded(gz), url).toBe(original);

      const plain = await t.app.inject({ url });
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body, url).toBe(original);
      expect(plain.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
  });

  it('sends a file without a compressed copy as it is', async () => {
    const res = await t.app.inject({ url: '/assets/tiny-abc123.js', headers: BR });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('console.log(1)');
  });

  it('sends the staff app and the public pages compressed and never cached without asking', async () => {
    const app = await t.app.inject({ url: '/login', headers: BR });
    expect(app.headers['content-encoding']).toBe('br');
    expect(app.headers['content-type']).toContain('text/html');
    expect(app.headers['cache-control']).toBe('no-cache');
    expect(decoded(app)).toBe(indexHtml);

    // /adopta is written for each request (its link previews): compressed as it is sent.
    const publicPage = await t.app.inject({ url: '/adopta', headers: BR });
    expect(publicPage.headers['content-encoding']).toBe('br');
    expect(publicPage.headers['cache-control']).toBe('no-cache');
    expect(publicPage.headers.vary).toContain('Accept-Encoding');
    expect(decoded(publicPage)).toContain('data-public');
    const publicPlain = await t.app.inject({ url: '/adopta' });
    expect(publicPlain.headers['content-encoding']).toBeUndefined();
    expect(publicPlain.body).toContain('data-public');
  });

  it('compresses JSON answers from 1 KB, not smaller ones', async () => {
    const docs = await t.app.inject({ url: '/api/docs/json', headers: BR });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-encoding']).toBe('br');
    expect(docs.headers.vary).toContain('accept-encoding');
    const spec = JSON.parse(decoded(docs)) as { openapi: string };
    expect(spec.openapi).toMatch(/^3\./);
    const docsGzip = await t.app.inject({ url: '/api/docs/json', headers: GZIP });
    expect(docsGzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(docsGzip))).toEqual(spec);
    const docsPlain = await t.app.inject({ url: '/api/docs/json' });
    expect(docsPlain.headers['content-encoding']).toBeUndefined();
    expect(docsPlain.json()).toEqual(spec);

    const health = await t.app.inject({ url: '/api/health', headers: BR });
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('never recompresses media: a pet photo leaves as it was stored', async () => {
    const form = multipart([
      ...petFields(),
      { name: 'image', value: await jpeg(320, 240, { noise: true }), fileName: 'luna.jpg', contentType: 'image/jpeg' },
    ]);
    const created = await t.as('staff').inject({ method: 'POST', url: '/phpApi/mascota/nueva', payload: form.payload, headers: form.headers });
    expect(created.statusCode, created.body).toBe(200);
    const { imagenprincipalUrl } = (await t.as('staff').inject({ url: `/phpApi/mascota/${created.json<{ id: number }>().id}` })).json<{
      imagenprincipalUrl: string;
    }>();
    const photo = await t.as('staff').inject({ url: imagenprincipalUrl, headers: BR });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toMatch(/^image\//);
    expect(photo.rawPayload.length).toBeGreaterThan(1024);
    expect(photo.headers['content-encoding']).toBeUndefined();
  });

  it('never inflates a compressed request body', async () => {
    const res = await t.as('staff').inject({
      method: 'POST',
      url: '/api/personas',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: Buffer.from([0x1f, 0x8b, 0x08, 0x00]),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
