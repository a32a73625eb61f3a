import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectOrphanMedia } from '../src/modules/pets/orphan-media';
import { PUBLIC_URL, STAFF, type TestApp, createTestApp } from './helpers';
import { jpeg, multipart, petFields } from './media';

describe('orphan media sweep', () => {
  let t: TestApp;
  let staff: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.createUser(STAFF);
    staff = await t.signIn(STAFF.email, STAFF.password);
  });
  afterAll(() => t.close());

  it('removes old files no row points at, and keeps referenced and recent ones', async () => {
    const form = multipart([...petFields(), { name: 'image', value: await jpeg(), fileName: 'a.jpg', contentType: 'image/jpeg' }]);
    const { id } = (
      await t.app.inject({
        method: 'POST',
        url: '/phpApi/mascota/nueva',
        payload: form.payload,
        headers: { ...form.headers, cookie: staff, origin: PUBLIC_URL },
      })
    ).json<{ id: number }>();
    const extra = multipart([{ name: 'file', value: await jpeg(), fileName: 'b.jpg', contentType: 'image/jpeg' }]);
    await t.app.inject({
      method: 'POST',
      url: `/phpApi/mascota/${id}/imagenes/nueva`,
      payload: extra.payload,
      headers: { ...extra.headers, cookie: staff, origin: PUBLIC_URL },
    });
    // What a crash between storing a file and saving its row leaves behind.
    await t.app.storage.put(`productos/${id}/1700000000000_deadbeef.jpg`, Readable.from(['huérfana']));
    await t.app.storage.put(`productos/${id}/thumbs/1700000000000_deadbeef.jpg.webp`, Readable.from(['huérfana']));

    const kept = (await t.app.storage.list('productos/')).map((o) => o.key);
    expect(await collectOrphanMedia(t.database.db, t.app.storage, t.app.log)).toEqual([]);

    const later = Date.now() + 2 * 60 * 60 * 1000;
    const removed = await collectOrphanMedia(t.database.db, t.app.storage, t.app.log, later);
    expect(removed.sort()).toEqual([`productos/${id}/1700000000000_deadbeef.jpg`, `productos/${id}/thumbs/1700000000000_deadbeef.jpg.webp`]);
    const left = (await t.app.storage.list('productos/')).map((o) => o.key);
    expect(left.sort()).toEqual(kept.filter((k) => !removed.includes(k)).sort());
    expect(left).toHaveLength(4);
  });
});
