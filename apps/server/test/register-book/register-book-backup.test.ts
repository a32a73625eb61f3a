import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBackup } from '../../src/backup/backup';
import { restoreArchive } from '../../src/backup/restore';
import { openDatabase } from '../../src/db/client';
import { pet, registerBookChain, registerBookLine } from '../../src/db/schema';
import { createRegisterBookRepository } from '../../src/modules/register-book/register-book.repository';
import { LocalStorage } from '../../src/storage/local-storage';
import { type TestApp, createTestApp } from '../helpers/helpers';
import { multipart, petFields } from '../helpers/media';

/* The register book travels in the backup: its lines and the chain's row, and the chain still verifies after a restore. */

const work = mkdtempSync(path.join(tmpdir(), 'refugio-book-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('register book backup and restore', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('restores the lines and the chain, which still verifies', async () => {
    const staff = t.as('staff');
    const version = async (id: number) => (await t.database.db.select({ v: pet.version }).from(pet).where(eq(pet.id, id)))[0]!.v;
    for (const [nombre, fecha] of [
      ['Lola', '2024-02-01'],
      ['Coco', '2024-05-01'],
      ['Max', '2024-06-01'],
    ] as const) {
      const form = multipart(petFields({ nombre, fechaingreso: fecha }));
      const { id } = (await staff.inject({ method: 'POST', url: '/phpApi/mascota/nueva', payload: form.payload, headers: form.headers })).json<{
        id: number;
      }>();
      if (nombre !== 'Max') {
        const res = await staff.inject({
          method: 'POST',
          url: `/api/mascotas/${id}/movimientos`,
          payload: { tipo: 'traslado', fecha: '2024-09-01', version: await version(id) },
        });
        expect(res.statusCode, res.body).toBe(201);
      }
    }
    const source = createRegisterBookRepository(t.database.db);
    const lines = await source.lines(2024);
    expect(lines.map((l) => l.cerrada)).toEqual([true, true, false]);
    expect(await source.verify(2024)).toEqual({ integro: true, lineas: 2 });

    const archive = path.join(work, 'copia.tar');
    const out = createWriteStream(archive);
    const manifest = await writeBackup({ db: t.database.db, databaseDriver: t.database.driver, storage: t.app.storage, dataDir: t.dataDir }, out);
    await finished(out);
    expect(manifest.tables.find((x) => x.table === 'register_book_line')?.rows).toBe(3);
    expect(manifest.tables.find((x) => x.table === 'register_book_chain')?.rows).toBe(1);

    const target = await openDatabase({ driver: 'pglite', dataDir: undefined, template: false });
    try {
      const storage = new LocalStorage(path.join(work, 'media'));
      await storage.init();
      await restoreArchive(archive, { db: target.db, storage, dataDir: path.join(work, 'data'), authSecretConfigured: false });
      const restored = createRegisterBookRepository(target.db);
      expect(await restored.lines(2024)).toEqual(lines);
      expect(await restored.verify(2024)).toEqual({ integro: true, lineas: 2 });
      expect(await target.db.select().from(registerBookChain)).toEqual(await t.database.db.select().from(registerBookChain));
      expect(await target.db.select().from(registerBookLine).orderBy(registerBookLine.id)).toEqual(
        await t.database.db.select().from(registerBookLine).orderBy(registerBookLine.id),
      );
    } finally {
      await target.close();
    }
  });
});
