import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as fsPromises from 'node:fs/promises';
import { LocalStorage } from './local-storage';

/**
 * Lets a test act just before list() looks at a file (between the folder's listing and the file's details), and
 * just after get() first looked at a file (its details, or its opening).
 */
const hooks = vi.hoisted(() => {
  // Server test files share workers (vitest.config.ts): modules an earlier file loaded would keep the real fs.
  vi.resetModules();
  return {
    beforeStat: undefined as ((file: string) => Promise<void>) | undefined,
    afterLook: undefined as ((file: string) => Promise<void>) | undefined,
  };
});
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof fsPromises>();
  const stat = (async (file: Parameters<typeof actual.stat>[0], ...rest: unknown[]) => {
    await hooks.beforeStat?.(String(file));
    const info = await (actual.stat as (...a: unknown[]) => Promise<unknown>)(file, ...rest);
    await hooks.afterLook?.(String(file));
    return info;
  }) as typeof actual.stat;
  const open = (async (file: Parameters<typeof actual.open>[0], ...rest: unknown[]) => {
    const handle = await (actual.open as (...a: unknown[]) => Promise<unknown>)(file, ...rest);
    await hooks.afterLook?.(String(file));
    return handle;
  }) as typeof actual.open;
  return { ...actual, default: { ...actual, stat, open }, stat, open };
});

// The files after this one in the worker get the real fs again.
afterAll(() => {
  vi.doUnmock('node:fs/promises');
  vi.resetModules();
});

describe('LocalStorage while files are deleted', () => {
  let root: string;
  let storage: LocalStorage;

  beforeEach(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'refugio-local-'));
    storage = new LocalStorage(root);
    await storage.init();
  });
  afterEach(() => {
    hooks.beforeStat = undefined;
    hooks.afterLook = undefined;
    rmSync(root, { recursive: true, force: true });
  });

  it('lists without a file deleted between reading its folder and looking at it', async () => {
    for (const name of ['1.jpg', '2.jpg', '3.jpg']) await storage.put(`productos/7/${name}`, Readable.from([name]));
    await storage.put('productos/8/thumbs/4.jpg.webp', Readable.from(['4']));
    hooks.beforeStat = async (file) => {
      if (file.endsWith(`${path.sep}1.jpg`)) await storage.delete('productos/7/2.jpg');
      if (file.endsWith(`${path.sep}3.jpg`)) await storage.delete('productos/8/thumbs/4.jpg.webp');
    };
    expect((await storage.list('')).map((o) => o.key)).toEqual(['productos/7/1.jpg', 'productos/7/3.jpg']);
    expect((await storage.list('productos/7/')).map((o) => o.key)).toEqual(['productos/7/1.jpg', 'productos/7/3.jpg']);
  });

  it('lists without a folder deleted while the listing runs', async () => {
    await storage.put('productos/7/1.jpg', Readable.from(['1']));
    await storage.put('productos/9/thumbs/2.jpg.webp', Readable.from(['2']));
    hooks.beforeStat = async (file) => {
      if (file.endsWith(`${path.sep}1.jpg`)) rmSync(path.join(root, 'productos', '9'), { recursive: true, force: true });
    };
    expect((await storage.list('productos/')).map((o) => o.key)).toEqual(['productos/7/1.jpg']);
  });

  it('reads an object deleted while get() runs whole (as it was), or reports it missing: never a stream that fails', async () => {
    await storage.put('videos/a.mp4', Readable.from([Buffer.alloc(200_000, 7)]));
    hooks.afterLook = async (file) => {
      if (file.endsWith('a.mp4')) await storage.delete('videos/a.mp4');
    };
    const found = await storage.get('videos/a.mp4');
    hooks.afterLook = undefined;
    expect(await storage.head('videos/a.mp4')).toBeUndefined();
    if (found) {
      expect(found.object.size).toBe(200_000);
      expect((await text(found.body)).length).toBe(200_000);
    }
    expect(await storage.get('videos/a.mp4')).toBeUndefined();
    await storage.put('videos/b/c.mp4', Readable.from(['c']));
    expect(await storage.get('videos/b')).toBeUndefined();
  });
});
