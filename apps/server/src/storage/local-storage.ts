import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ByteRange, type StorageProvider, type StoredObject, assertValidKey } from './storage-provider';

const TMP_DIR = '.tmp';

/**
 * Media on the local disk under `root`. A write goes to a temporary file first and is renamed into place
 * only when complete, so a crash mid-upload never leaves a truncated object under its key.
 */
export class LocalStorage implements StorageProvider {
  readonly driver = 'local' as const;

  constructor(readonly root: string) {}

  private resolve(key: string): string {
    assertValidKey(key);
    if (key === TMP_DIR || key.startsWith(`${TMP_DIR}/`)) throw new Error('Clave de almacenamiento reservada');
    return path.join(this.root, ...key.split('/'));
  }

  /** Removes temporary files left by uploads that a crash interrupted. */
  async init(): Promise<void> {
    await rm(path.join(this.root, TMP_DIR), { recursive: true, force: true });
    await mkdir(path.join(this.root, TMP_DIR), { recursive: true });
  }

  async put(key: string, body: Readable, options: { contentType?: string } = {}): Promise<StoredObject> {
    const target = this.resolve(key);
    const tmp = path.join(this.root, TMP_DIR, randomUUID());
    await mkdir(path.dirname(tmp), { recursive: true });
    try {
      await pipeline(body, createWriteStream(tmp, { flags: 'wx' }));
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tmp, target).catch(async (error: NodeJS.ErrnoException) => {
        // A delete emptied and removed the folder between the two steps: make it again.
        if (error.code !== 'ENOENT') throw error;
        await mkdir(path.dirname(target), { recursive: true });
        await rename(tmp, target);
      });
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
    const info = await stat(target);
    return { key, size: info.size, contentType: options.contentType, lastModified: info.mtime };
  }

  async head(key: string): Promise<StoredObject | undefined> {
    try {
      const info = await stat(this.resolve(key));
      if (!info.isFile()) return undefined;
      return { key, size: info.size, contentType: undefined, lastModified: info.mtime };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<{ object: StoredObject; body: Readable } | undefined> {
    // Opened first, then described through the open file: an object deleted or replaced meanwhile is either
    // read whole, as it was when opened, or reported missing, never a stream that fails or a wrong size.
    let handle;
    try {
      handle = await open(this.resolve(key), 'r');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR') return undefined;
      throw error;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return undefined;
      }
      const object = { key, size: info.size, contentType: undefined, lastModified: info.mtime };
      const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      return { object, body };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** Deletes an object, and the folders it leaves empty (a refused submission leaves no empty folder behind). */
  async delete(key: string): Promise<void> {
    const file = this.resolve(key);
    await rm(file, { force: true });
    await this.removeEmptyFolders(path.dirname(file));
  }

  /** Removes `dir` and its parents while they are empty, up to (not including) the root. */
  private async removeEmptyFolders(dir: string): Promise<void> {
    const root = path.resolve(this.root);
    for (let current = path.resolve(dir); current.startsWith(`${root}${path.sep}`); current = path.dirname(current)) {
      try {
        await rmdir(current);
      } catch (error) {
        // Not empty (another object is there), or already gone: stop.
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') continue;
        return;
      }
    }
  }

  /** Objects present when the listing reached them: a file or folder deleted while it runs is left out, never an error. */
  async list(prefix: string): Promise<StoredObject[]> {
    // Walk only the deepest folder the prefix names, then filter by the rest of it.
    const slash = prefix.lastIndexOf('/');
    const folder = slash >= 0 ? prefix.slice(0, slash) : '';
    const base = folder ? this.resolve(folder) : this.root;
    const found: StoredObject[] = [];
    const walk = async (dir: string, keyPrefix: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const entry of entries) {
        const key = keyPrefix ? `${keyPrefix}/${entry.name}` : entry.name;
        if (!keyPrefix && entry.name === TMP_DIR) continue;
        if (entry.isDirectory()) await walk(path.join(dir, entry.name), key);
        else if (entry.isFile() && key.startsWith(prefix)) {
          let info;
          try {
            info = await stat(path.join(dir, entry.name));
          } catch (error) {
            // Deleted between the folder's listing and now (a photo removed while a backup or a sweep lists): gone, so not listed.
            if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
            throw error;
          }
          found.push({ key, size: info.size, contentType: undefined, lastModified: info.mtime });
        }
      }
    };
    await walk(base, folder);
    return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }
}
