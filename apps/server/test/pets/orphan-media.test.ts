import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../helpers/helpers';
import { jpeg, multipart, petFields } from '../helpers/media';

describe('orphan media sweep', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('removes old files no row points at, and keeps referenced and recent ones', async () => {
    const form = multipart([...petFields(), { name: 'image', value: await jpeg(), fileName: 'a.jpg', contentType: 'image/jpeg' }]);
    const { id } = (await t.as('staff').inject({ method: 'POST', url: '/phpApi/mascota/nueva', payload: form.payload, headers: form.headers })).json<{
      id: number;
    }>();
    const extra = multipart([{ name: 'file', value: await jpeg(), fileName: 'b.jpg', contentType: 'image/jpeg' }]);
    await t.as('staff').inject({ method: 'POST', url: `/phpApi/mascota/${id}/imagenes/nueva`, payload: extra.payload, headers: extra.headers });
    // What a crash between storing a file and saving its row leaves behind.
    await t.app.storage.put(`productos/${id}/1700000000000_deadbeef.jpg`, Readable.from(['huérfana']));
    await t.app.storage.put(`productos/${id}/thumbs/1700000000000_deadbeef.jpg.webp`, Readable.from(['huérfana']));

    const kept = (await t.app.storage.list('productos/')).map((o) => o.key);
    expect(await t.app.orphanMediaSweep.collect()).toEqual([]);

    const later = Date.now() + 2 * 60 * 60 * 1000;
    const removed = await t.app.orphanMediaSweep.collect(later);
    expect(removed.sort()).toEqual([`productos/${id}/1700000000000_deadbeef.jpg`, `productos/${id}/thumbs/1700000000000_deadbeef.jpg.webp`]);
    const left = (await t.app.storage.list('productos/')).map((o) => o.key);
    expect(left.sort()).toEqual(kept.filter((k) => !removed.includes(k)).sort());
    expect(left).toHaveLength(4);
  });
});
