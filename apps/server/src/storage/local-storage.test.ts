import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalStorage } from './local-storage';

describe('LocalStorage', () => {
  let root: string;
  let storage: LocalStorage;

  beforeEach(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'refugio-storage-'));
    storage = new LocalStorage(root);
    await storage.init();
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('stores, reads whole and by byte range, lists by prefix and deletes', async () => {
    const stored = await storage.put('videos/PET_VIDEO_1_10_a.mp4', Readable.from(['0123456789']));
    expect(stored.size).toBe(10);
    await storage.put('videos/PET_VIDEO_2_10_b.mp4', Readable.from(['x']));
    await storage.put('productos/1/foto.jpg', Readable.from(['y']));

    const whole = await storage.get('videos/PET_VIDEO_1_10_a.mp4');
    expect(await text(whole!.body)).toBe('0123456789');
    const part = await storage.get('videos/PET_VIDEO_1_10_a.mp4', { start: 2, end: 5 });
    expect(await text(part!.body)).toBe('2345');

    expect((await storage.list('videos/PET_VIDEO_1_')).map((o) => o.key)).toEqual(['videos/PET_VIDEO_1_10_a.mp4']);
    expect((await storage.list('videos/')).map((o) => o.key)).toHaveLength(2);
    expect(await storage.list('nada/')).toEqual([]);

    await storage.delete('videos/PET_VIDEO_1_10_a.mp4');
    expect(await storage.head('videos/PET_VIDEO_1_10_a.mp4')).toBeUndefined();
    await expect(storage.delete('videos/no-existe.mp4')).resolves.toBeUndefined();
  });

  it('leaves nothing under the key when the upload stream fails midway', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024));
        this.destroy(new Error('conexión cortada'));
      },
    });
    await expect(storage.put('videos/roto.mp4', failing)).rejects.toThrow('conexión cortada');
    expect(await storage.head('videos/roto.mp4')).toBeUndefined();
    expect(readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });

  it('keeps the previous object when a replacement fails', async () => {
    await storage.put('a/b.txt', Readable.from(['original']));
    const failing = new Readable({
      read() {
        this.destroy(new Error('fallo'));
      },
    });
    await expect(storage.put('a/b.txt', failing)).rejects.toThrow();
    expect(await text((await storage.get('a/b.txt'))!.body)).toBe('original');
  });

  it.each(['../fuera.txt', 'a/../../fuera.txt', '/absoluta', 'a//b', 'a/./b', 'con\u0000nulo', 'con\nsalto', '', 'a\\..\\b', '.tmp/x'])(
    'refuses the key %j',
    async (key) => {
      await expect(storage.put(key, Readable.from(['x']))).rejects.toThrow(/Clave de almacenamiento/);
    },
  );
});
