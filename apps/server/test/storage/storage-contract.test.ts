import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LocalStorage } from '../../src/storage/local-storage';
import { S3Storage, S3_MIN_PART_SIZE } from '../../src/storage/s3-storage';
import type { StorageProvider } from '../../src/storage/storage-provider';
import { S3_TEST_CREDENTIALS, type S3TestServer, startS3TestServer } from '../helpers/s3-test-server';

/** Resolves `*.localhost` (virtual-hosted buckets on the test server) to loopback, whatever the system resolver says. */
const loopbackAgent = new Agent({
  keepAlive: true,
  lookup: (_host, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: '127.0.0.1', family: 4 }]);
    else callback(null, '127.0.0.1', 4);
  },
});

/**
 * A stream of `size` deterministic bytes produced lazily, `chunk` bytes at a time; optionally failing after
 * `failAfter` bytes, `failDelayMs` later (time for the parts already read to reach the server).
 */
function generated(size: number, options: { failAfter?: number; failDelayMs?: number; chunk?: number } = {}): Readable {
  const chunk = options.chunk ?? 256 * 1024;
  let sent = 0;
  return new Readable({
    read() {
      if (options.failAfter !== undefined && sent >= options.failAfter) {
        const fail = () => this.destroy(new Error('conexión cortada'));
        if (options.failDelayMs) setTimeout(fail, options.failDelayMs);
        else fail();
        return;
      }
      if (sent >= size) {
        this.push(null);
        return;
      }
      const n = Math.min(chunk, size - sent);
      const block = Buffer.alloc(n);
      for (let i = 0; i < n; i++) block[i] = ((sent + i) * 31) % 251;
      sent += n;
      this.push(block);
    },
  });
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

interface Driver {
  name: string;
  open(): Promise<{ storage: StorageProvider; partsLeft: () => string[]; dispose: () => Promise<void> }>;
}

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3TestServer({ buckets: ['contrato'] });
});
afterAll(async () => {
  await s3.close();
  loopbackAgent.destroy();
});

let bucketSeq = 0;
const s3Driver = (forcePathStyle: boolean): Driver => ({
  name: forcePathStyle ? 's3 (path-style)' : 's3 (virtual-hosted)',
  async open() {
    // Each test writes under its own prefix of the one bucket, so tests never see each other's objects.
    const prefix = `t${++bucketSeq}`;
    const storage = new S3Storage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      ...S3_TEST_CREDENTIALS,
      forcePathStyle,
      partSize: S3_MIN_PART_SIZE,
      httpAgent: loopbackAgent,
    });
    await storage.init();
    return { storage: prefixed(storage, prefix), partsLeft: () => s3.pendingUploads(), dispose: () => Promise.resolve() };
  },
});

/** The same provider with every key under `prefix/` (keys still validated by the driver). */
function prefixed(inner: StorageProvider, prefix: string): StorageProvider {
  const strip = <T extends { key: string }>(o: T): T => ({ ...o, key: o.key.slice(prefix.length + 1) });
  return {
    driver: inner.driver,
    put: async (key, body, options) => strip(await inner.put(`${prefix}/${key}`, body, options)),
    get: async (key, range) => {
      const found = await inner.get(`${prefix}/${key}`, range);
      return found && { ...found, object: strip(found.object) };
    },
    head: async (key) => {
      const found = await inner.head(`${prefix}/${key}`);
      return found && strip(found);
    },
    delete: (key) => inner.delete(`${prefix}/${key}`),
    list: async (p) => (await inner.list(`${prefix}/${p}`)).map(strip),
  };
}

const localDriver: Driver = {
  name: 'local',
  async open() {
    const root = mkdtempSync(path.join(tmpdir(), 'refugio-storage-'));
    const storage = new LocalStorage(root);
    await storage.init();
    return {
      storage,
      partsLeft: () => readdirSync(path.join(root, '.tmp')),
      dispose: () => Promise.resolve(rmSync(root, { recursive: true, force: true })),
    };
  },
};

describe.each([localDriver, s3Driver(true), s3Driver(false)])('storage contract: $name', (driver) => {
  let storage: StorageProvider;
  let partsLeft: () => string[];
  let dispose: () => Promise<void>;

  beforeEach(async () => {
    ({ storage, partsLeft, dispose } = await driver.open());
  });
  afterEach(() => dispose());

  it('stores, reads whole and by byte range, lists by prefix and deletes', async () => {
    const stored = await storage.put('videos/PET_VIDEO_1_10_a.mp4', Readable.from(['0123456789']), { contentType: 'video/mp4' });
    expect(stored).toMatchObject({ key: 'videos/PET_VIDEO_1_10_a.mp4', size: 10 });
    await storage.put('videos/PET_VIDEO_2_10_b.mp4', Readable.from(['x']));
    await storage.put('productos/1/foto.jpg', Readable.from(['y']));

    const whole = await storage.get('videos/PET_VIDEO_1_10_a.mp4');
    expect(whole?.object.size).toBe(10);
    expect(await text(whole!.body)).toBe('0123456789');
    const part = await storage.get('videos/PET_VIDEO_1_10_a.mp4', { start: 2, end: 5 });
    // The object's size stays the whole object's, whatever range was read.
    expect(part?.object.size).toBe(10);
    expect(await text(part!.body)).toBe('2345');
    expect(await text((await storage.get('videos/PET_VIDEO_1_10_a.mp4', { start: 9, end: 9 }))!.body)).toBe('9');

    const head = await storage.head('videos/PET_VIDEO_1_10_a.mp4');
    expect(head).toMatchObject({ key: 'videos/PET_VIDEO_1_10_a.mp4', size: 10 });
    expect(Math.abs(head!.lastModified.getTime() - Date.now())).toBeLessThan(60_000);

    expect((await storage.list('videos/PET_VIDEO_1_')).map((o) => o.key)).toEqual(['videos/PET_VIDEO_1_10_a.mp4']);
    expect((await storage.list('videos/')).map((o) => [o.key, o.size])).toEqual([
      ['videos/PET_VIDEO_1_10_a.mp4', 10],
      ['videos/PET_VIDEO_2_10_b.mp4', 1],
    ]);
    expect(await storage.list('nada/')).toEqual([]);

    await storage.delete('videos/PET_VIDEO_1_10_a.mp4');
    expect(await storage.head('videos/PET_VIDEO_1_10_a.mp4')).toBeUndefined();
    expect(await storage.get('videos/PET_VIDEO_1_10_a.mp4')).toBeUndefined();
    await expect(storage.delete('videos/no-existe.mp4')).resolves.toBeUndefined();
    expect(await storage.head('productos/1/foto.jpg')).toMatchObject({ size: 1 });
  });

  it('keeps keys with spaces, accents and an empty object exactly', async () => {
    const key = 'productos/7/ñandú con espacios (1).jpg';
    await storage.put(key, Readable.from(['ñ']));
    await storage.put('productos/7/vacío.txt', Readable.from([]));
    // Sorted by code unit, as S3 lists them: 'v' < 'ñ'.
    expect((await storage.list('productos/7/')).map((o) => o.key)).toEqual(['productos/7/vacío.txt', key]);
    expect(await text((await storage.get(key))!.body)).toBe('ñ');
    expect((await storage.head('productos/7/vacío.txt'))?.size).toBe(0);
  });

  it('replaces an object under the same key', async () => {
    await storage.put('a/b.txt', Readable.from(['original']));
    await storage.put('a/b.txt', Readable.from(['nuevo']));
    expect(await text((await storage.get('a/b.txt'))!.body)).toBe('nuevo');
    expect((await storage.list('a/')).length).toBe(1);
  });

  it('leaves nothing under the key when the upload stream fails midway', async () => {
    await expect(storage.put('videos/roto.mp4', generated(4096, { failAfter: 1024, chunk: 1024 }))).rejects.toThrow('conexión cortada');
    expect(await storage.head('videos/roto.mp4')).toBeUndefined();
    expect(partsLeft()).toEqual([]);
  });

  it('keeps the previous object when a replacement fails', async () => {
    await storage.put('a/b.txt', Readable.from(['original']));
    await expect(storage.put('a/b.txt', generated(10, { failAfter: 0 }))).rejects.toThrow();
    expect(await text((await storage.get('a/b.txt'))!.body)).toBe('original');
  });

  it('streams an object larger than several multipart parts and reads any range of it back', async () => {
    const size = 2 * S3_MIN_PART_SIZE + 12_345;
    const expected = await buffer(generated(size));
    const stored = await storage.put('videos/grande.mp4', generated(size), { contentType: 'video/mp4' });
    expect(stored.size).toBe(size);
    expect(partsLeft()).toEqual([]);
    const whole = await buffer((await storage.get('videos/grande.mp4'))!.body);
    expect(sha256(whole)).toBe(sha256(expected));
    const start = S3_MIN_PART_SIZE - 10;
    const across = await buffer((await storage.get('videos/grande.mp4', { start, end: start + 19 }))!.body);
    expect(across.equals(expected.subarray(start, start + 20))).toBe(true);
  });

  it('aborts a multipart upload whose stream fails after some parts: no object and no parts are left', async () => {
    const abortedBefore = s3.abortedUploads();
    await expect(
      storage.put('videos/cortado.mp4', generated(3 * S3_MIN_PART_SIZE, { failAfter: S3_MIN_PART_SIZE + 100_000, failDelayMs: 500 })),
    ).rejects.toThrow('conexión cortada');
    expect(await storage.head('videos/cortado.mp4')).toBeUndefined();
    expect(partsLeft()).toEqual([]);
    if (storage.driver === 's3') expect(s3.abortedUploads()).toBeGreaterThan(abortedBefore);
  });

  it.each(['../fuera.txt', 'a/../../fuera.txt', '/absoluta', 'a//b', 'a/./b', 'con\u0000nulo', 'con\nsalto', 'a\\..\\b'])(
    'refuses the key %j',
    async (key) => {
      await expect(storage.put(key, Readable.from(['x']))).rejects.toThrow(/Clave de almacenamiento/);
    },
  );
});

describe('LocalStorage', () => {
  it.each(['', '.tmp/x'])('refuses the key %j', async (key) => {
    const root = mkdtempSync(path.join(tmpdir(), 'refugio-storage-'));
    const storage = new LocalStorage(root);
    await storage.init();
    await expect(storage.put(key, Readable.from(['x']))).rejects.toThrow(/Clave de almacenamiento/);
    rmSync(root, { recursive: true, force: true });
  });
});

describe('S3Storage start-up check', () => {
  const options = (over: Partial<ConstructorParameters<typeof S3Storage>[0]>) =>
    new S3Storage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      ...S3_TEST_CREDENTIALS,
      forcePathStyle: true,
      httpAgent: loopbackAgent,
      ...over,
    });

  it('names the bucket and S3_BUCKET when the bucket does not exist', async () => {
    await expect(options({ bucket: 'no-existe' }).init()).rejects.toThrow(
      /El bucket "no-existe" \(S3_BUCKET\) no existe en http:\/\/s3\.localhost:\d+ \(S3_ENDPOINT\)/,
    );
  });

  it('names the credential variables when the service refuses them', async () => {
    await expect(options({ accessKeyId: 'OTRA-CLAVE' }).init()).rejects.toThrow(
      /rechazó el acceso al bucket "contrato".*S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
  });

  it('names S3_ENDPOINT when nothing answers there', async () => {
    const storage = options({ endpoint: 'http://127.0.0.1:9', httpAgent: undefined });
    await expect(storage.init()).rejects.toThrow(
      /No se pudo conectar con el almacenamiento S3 en http:\/\/127\.0\.0\.1:9 \(S3_ENDPOINT\).*Revisa S3_ENDPOINT/,
    );
    storage.close();
  });
});
