import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { finished, pipeline } from 'node:stream/promises';
import { eq, sql } from 'drizzle-orm';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MissingMediaError, writeBackup } from '../../src/backup/backup';
import { petImage } from '../../src/db/schema';
import { imageKey, thumbnailKey } from '../../src/media/storage-keys';
import type { StorageProvider } from '../../src/storage/storage-provider';
import { jpeg, multipart, petFields } from '../helpers/media';
import { type TestApp, createTestApp } from '../helpers/helpers';

const work = mkdtempSync(path.join(tmpdir(), 'refugio-backup-active-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let seq = 0;

/** The media keys an archive holds and the keys its rows point at (read from the archived rows themselves). */
async function archiveContents(file: string): Promise<{ media: Set<string>; referenced: Map<string, string> }> {
  const media = new Set<string>();
  const tables = new Map<string, Record<string, unknown>[]>();
  const extract = tar.extract();
  extract.on('entry', (header, body, next) => {
    void (async () => {
      const bytes = await buffer(body);
      if (header.name.startsWith('media/')) media.add(header.name.slice('media/'.length));
      const table = /^db\/\d+-(.+)\.ndjson$/.exec(header.name)?.[1];
      if (table) {
        const lines = bytes.toString('utf8').split('\n').filter(Boolean);
        tables.set(
          table,
          lines.map((l) => JSON.parse(l) as Record<string, unknown>),
        );
      }
      next();
    })();
  });
  await pipeline(createReadStream(file), extract);
  const referenced = new Map<string, string>();
  for (const row of tables.get('pet') ?? []) {
    const file = row.imagen_principal as string | null;
    if (file)
      for (const key of [imageKey(row.id as number, file), thumbnailKey(row.id as number, file)]) referenced.set(key, `pet ${String(row.id)}`);
  }
  for (const row of tables.get('pet_image') ?? []) {
    const [petId, name] = [row.pet_id as number, row.nombre as string];
    for (const key of [imageKey(petId, name), thumbnailKey(petId, name)]) referenced.set(key, `pet_image ${String(row.id)}`);
  }
  for (const row of tables.get('publication_request') ?? []) {
    for (const item of row.media as { key: string }[]) referenced.set(item.key, `publication_request ${String(row.id)}`);
  }
  return { media, referenced };
}

/** Keys the archive's rows point at that it does not hold, with the row. */
async function rowsWithoutFiles(file: string): Promise<string[]> {
  const { media, referenced } = await archiveContents(file);
  return [...referenced].filter(([key]) => !media.has(key)).map(([key, row]) => `${key} (${row})`);
}

/** A storage that lets the test act at each listing (before it returns, or before it starts). */
function withListHook(
  inner: StorageProvider,
  hook: (call: number, list: () => Promise<Awaited<ReturnType<StorageProvider['list']>>>) => Promise<unknown>,
) {
  let calls = 0;
  const storage: StorageProvider = {
    driver: inner.driver,
    put: (...args) => inner.put(...args),
    get: (...args) => inner.get(...args),
    head: (...args) => inner.head(...args),
    delete: (...args) => inner.delete(...args),
    list: (prefix) => hook(++calls, () => inner.list(prefix)) as ReturnType<StorageProvider['list']>,
  };
  return storage;
}

describe('backups of an install in use (photos added and deleted meanwhile)', () => {
  let t: TestApp;
  let petId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const form = multipart([
      ...petFields({ nombre: 'Con fotos' }),
      { name: 'image', value: await jpeg(40, 30), fileName: 'principal.jpg', contentType: 'image/jpeg' },
    ]);
    const res = await t.as('staff').inject({ method: 'POST', url: '/phpApi/mascota/nueva', payload: form.payload, headers: form.headers });
    expect(res.statusCode, res.body).toBe(200);
    petId = res.json<{ id: number }>().id;
  });
  afterAll(() => t.close());

  const addPhoto = async () => {
    const form = multipart([{ name: 'file', value: await jpeg(16, 16), fileName: 'foto.jpg', contentType: 'image/jpeg' }]);
    const res = await t
      .as('staff')
      .inject({ method: 'POST', url: `/phpApi/mascota/${petId}/imagenes/nueva`, payload: form.payload, headers: form.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number; nombre: string }>();
  };
  const deletePhoto = async (imageId: number) => {
    const res = await t.as('staff').inject({ method: 'POST', url: `/phpApi/mascota/${petId}/imagenes/${imageId}/eliminar` });
    expect(res.statusCode, res.body).toBe(200);
  };
  const backup = async (storage: StorageProvider = t.app.storage) => {
    const file = path.join(work, `${++seq}.tar`);
    const out = createWriteStream(file);
    const manifest = await writeBackup({ db: t.database.db, databaseDriver: t.database.driver, storage, dataDir: t.dataDir }, out);
    await finished(out);
    return { file, manifest };
  };

  it('archives a photo added after the first media pass with its file, though it is deleted right after the snapshot', async () => {
    let photo: { id: number; nombre: string } | undefined;
    const storage = withListHook(t.app.storage, async (call, list) => {
      if (call === 1) {
        // First pass: listed before the photo was stored; the snapshot that follows sees its row.
        const listed = await list();
        photo = await addPhoto();
        return listed;
      }
      // After the snapshot, before the second pass: the photo is deleted (row first, then its files).
      if (call === 2) await deletePhoto(photo!.id);
      return list();
    });
    const { file } = await backup(storage);
    expect(await rowsWithoutFiles(file)).toEqual([]);
    const { media, referenced } = await archiveContents(file);
    expect(referenced.has(imageKey(petId, photo!.nombre))).toBe(true);
    expect(media.has(imageKey(petId, photo!.nombre))).toBe(true);
    expect(media.has(thumbnailKey(petId, photo!.nombre))).toBe(true);
  });

  it('fails, naming the file and its row, when a row points at a file that is not stored', async () => {
    const [row] = await t.database.db
      .insert(petImage)
      .values({ petId, nombre: 'perdida.jpg', orden: 9_999, width: 1, height: 1, bytes: 1, contentHash: 'x' })
      .returning({ id: petImage.id });
    try {
      const failure = backup().then(
        () => undefined,
        (error: unknown) => error,
      );
      const error = await failure;
      expect(error).toBeInstanceOf(MissingMediaError);
      expect((error as MissingMediaError).message).toContain(`${imageKey(petId, 'perdida.jpg')} (pet_image ${row!.id})`);
      expect((error as MissingMediaError).message).toContain(`${thumbnailKey(petId, 'perdida.jpg')} (pet_image ${row!.id})`);
      expect((error as MissingMediaError).missing.map((m) => m.key)).toEqual([imageKey(petId, 'perdida.jpg'), thumbnailKey(petId, 'perdida.jpg')]);
    } finally {
      await t.database.db.delete(petImage).where(eq(petImage.id, row!.id));
    }
  });

  it('succeeds, every archived row with its file, while photos are deleted and added in a loop', async () => {
    // Many photos of one pet: its folder takes a while to list, and photos go while it is listed.
    let next = 0;
    /** A photo as the server stores one (files first, then the row), without decoding an image: quick. */
    const storePhoto = async () => {
      const nombre = `${1_700_000_000_000 + next}_carga${next}.jpg`;
      next += 1;
      await t.app.storage.put(imageKey(petId, nombre), Readable.from([Buffer.alloc(64, next % 256)]));
      await t.app.storage.put(thumbnailKey(petId, nombre), Readable.from([Buffer.alloc(32, next % 256)]));
      // Under the pet's row lock, at the next position, as the server adds a photo.
      return t.database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1 FROM pet WHERE id = ${petId} FOR UPDATE`);
        const [row] = await tx
          .insert(petImage)
          .values({
            petId,
            nombre,
            orden: sql`(SELECT coalesce(max(orden), 0) + 1 FROM pet_image WHERE pet_id = ${petId})`,
            width: 1,
            height: 1,
            bytes: 64,
            contentHash: 'x',
          })
          .returning({ id: petImage.id });
        return row!.id;
      });
    };
    const photos: number[] = [];
    for (let i = 0; i < 120; i++) photos.push(await storePhoto());

    let running = true;
    let deleted = 0;
    // Three people at work: each deletes a photo (any of them) and adds one (now and then through the upload).
    const churn = Promise.all(
      [0, 1, 2].map(async (worker) => {
        for (let n = 0; running; n++) {
          if (photos.length > 0) {
            const [photo] = photos.splice(Math.floor(Math.random() * photos.length), 1);
            await deletePhoto(photo!);
            deleted += 1;
          }
          photos.push(n % 10 === worker ? (await addPhoto()).id : await storePhoto());
        }
      }),
    );
    const archives: string[] = [];
    try {
      for (let i = 0; i < 3; i++) {
        // Each backup starts once more photos went, so it runs while people are at work.
        const mark = deleted;
        while (deleted < mark + 5) await new Promise((resolve) => setImmediate(resolve));
        archives.push((await backup()).file);
      }
    } finally {
      running = false;
      await churn;
    }
    for (const file of archives) expect(await rowsWithoutFiles(file)).toEqual([]);
  });
});
