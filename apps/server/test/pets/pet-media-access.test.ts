import { petMessages } from '@refugio/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pet } from '../../src/db/schema';
import { ADMIN, PUBLIC_URL, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { type Part, jpeg, multipart, petFields, videoBytes } from '../helpers/media';

type PetBody = { id: number; version: number; imagenprincipalUrl: string; thumbnailUrl: string };

/**
 * Media of pets that are not public (drafts, scheduled ones not yet due, adopted or deleted pets) are for staff
 * only; a public pet's keep SPEC's public URL for anybody. Anybody else gets the 404 of a missing file.
 */
describe('media of pets that are not public', () => {
  let t: TestApp;
  let temporary: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.createUser(ADMIN);
    const admin = await t.signIn(ADMIN.email, ADMIN.password);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: admin, origin: PUBLIC_URL },
      payload: { name: 'Temporal', mail: 'temporal@refugio.test', password: 'paseos-por-el-parque-9' },
    });
    expect(created.statusCode).toBe(201);
    temporary = await t.signIn('temporal@refugio.test', 'paseos-por-el-parque-9');
    await t.as('staff').cookie();
  });
  afterAll(() => t.close());

  const send = (url: string, parts: Part[]) => {
    const form = multipart(parts);
    return t.as('staff').inject({ method: 'POST', url, payload: form.payload, headers: form.headers });
  };
  const post = (url: string, payload: object) => t.as('staff').inject({ method: 'POST', url, payload });
  const anonymous = (url: string) => t.app.inject({ url });
  const staff = (url: string) => t.as('staff').inject({ url });

  /** A pet with a main image, a gallery image and a video; its media URLs. */
  async function petWithMedia(fields: Record<string, string> = {}) {
    const res = await send('/phpApi/mascota/nueva', [
      ...petFields(fields),
      { name: 'image', value: await jpeg(40, 30), fileName: 'luna.jpg', contentType: 'image/jpeg' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json<{ id: number }>();
    const gallery = await send(`/phpApi/mascota/${id}/imagenes/nueva`, [
      { name: 'file', value: await jpeg(30, 20), fileName: 'b.jpg', contentType: 'image/jpeg' },
    ]);
    const video = await send(`/api/mascotas/${id}/videos`, [
      { name: 'file', value: videoBytes.mp4(3000), fileName: 'paseo.mp4', contentType: 'video/mp4' },
    ]);
    const body = (await staff(`/phpApi/mascota/${id}`)).json<PetBody>();
    return {
      id,
      version: body.version,
      urls: [
        body.imagenprincipalUrl,
        body.thumbnailUrl,
        `/phpApi/storage/app/public/productos/${id}/${gallery.json<{ nombre: string }>().nombre}`,
        video.json<{ url: string }>().url,
      ],
    };
  }

  /** The 404 of a file that does not exist, to compare with: the same code and message. */
  function expectLikeMissing(res: LightMyRequestResponse, url: string) {
    const body = expectErrorShape(res, 404, 'NOT_FOUND');
    expect(body.message, url).toBe(url.includes('/videos/') ? petMessages.videoNotFound : petMessages.imageNotFound);
    expect(res.headers['cache-control'], url).toBe('no-store');
  }

  function expectPublic(res: LightMyRequestResponse, url: string) {
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    expect(res.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
  }

  function expectPrivate(res: LightMyRequestResponse, url: string) {
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    expect(res.headers['cache-control'], url).toBe('private, no-store');
    expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
  }

  it("hides a draft's image, thumbnail, gallery image and video from anonymous callers (404 as if missing); staff see them, uncached", async () => {
    const draft = await petWithMedia();
    for (const url of draft.urls) {
      expectLikeMissing(await anonymous(url), url);
      expectLikeMissing(await t.app.inject({ url, headers: { cookie: temporary } }), url);
      expectPrivate(await staff(url), url);
    }
    const part = await t.as('staff').inject({ url: draft.urls[3]!, headers: { range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    // What a missing file answers, for comparison.
    expectLikeMissing(await anonymous(`/phpApi/storage/app/public/productos/${draft.id}/1700000000000_00000000.jpg`), 'image');
    expectLikeMissing(await anonymous(`/phpApi/storage/app/public/productos/999999/1700000000000_00000000.jpg`), 'image');
  });

  it("serves a published pet's media to anybody, cacheable by anybody; staff get the same", async () => {
    const published = await petWithMedia({ estado: 'publicada' });
    for (const url of published.urls) {
      expectPublic(await anonymous(url), url);
      expectPublic(await staff(url), url);
    }
    const part = await t.app.inject({ url: published.urls[3]!, headers: { range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
  });

  it('hides the media of scheduled pets not yet due, adopted pets and deleted pets', async () => {
    const scheduled = await petWithMedia({ estado: 'programada', publicarEn: new Date(Date.now() + 3_600_000).toISOString() });
    const adopted = await petWithMedia({ estado: 'publicada' });
    const deleted = await petWithMedia({ estado: 'publicada' });
    expectPublic(await anonymous(adopted.urls[0]!), 'before adoption');
    expectPublic(await anonymous(deleted.urls[0]!), 'before deletion');
    expect((await post(`/phpApi/mascota/${adopted.id}/adopcion`, { adoptado: '1' })).statusCode).toBe(200);
    expect((await t.as('staff').inject({ method: 'POST', url: `/phpApi/mascota/${deleted.id}/eliminar` })).statusCode).toBe(200);
    for (const { urls } of [scheduled, adopted, deleted]) {
      for (const url of urls) {
        expectLikeMissing(await anonymous(url), url);
        expectPrivate(await staff(url), url);
      }
    }
    // The lists of images and videos follow the same rule.
    expectErrorShape(await anonymous(`/phpApi/mascota/${adopted.id}/imagenes`), 404, 'NOT_FOUND');
    expectErrorShape(await anonymous(`/api/mascotas/${adopted.id}/videos`), 404, 'NOT_FOUND');
  });

  it('stops serving a pet withdrawn on this instance at once', async () => {
    const shown = await petWithMedia({ estado: 'publicada' });
    expectPublic(await anonymous(shown.urls[0]!), 'published');
    const withdrawn = await post(`/phpApi/mascota/${shown.id}/publicacion`, { estado: 'borrador', version: shown.version });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    for (const url of shown.urls) expectLikeMissing(await anonymous(url), url);
  });

  it('stops serving a pet withdrawn elsewhere (another instance, a script) as soon as the change is heard', async () => {
    const shown = await petWithMedia({ estado: 'publicada' });
    expectPublic(await anonymous(shown.urls[0]!), 'published');
    // What another instance's withdrawal does to the shared database; this instance hears it through the feed.
    await t.database.db.update(pet).set({ estado: 'borrador' }).where(eq(pet.id, shown.id));
    await t.app.changes.caughtUp();
    for (const url of shown.urls) expectLikeMissing(await anonymous(url), url);
  });
});

/** Issue 21.10: media files are never budgeted, but a URL of a pet memory does not know costs a database lookup. */
describe('media URLs of unknown pets from anonymous callers', () => {
  let t: TestApp;
  let lookups = 0;

  beforeAll(async () => {
    // The anonymous budget counts per minute of the clock: the whole describe runs at 10:00:05.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:05Z'));
    t = await createTestApp({ ANON_REQUESTS_PER_MINUTE: '5' });
    const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
    const original = client.query.bind(client);
    client.query = (query: unknown, ...rest: unknown[]) => {
      const text = typeof query === 'string' ? query : (query as { text?: string }).text;
      if (text && /from "pet"/i.test(text)) lookups += 1;
      return original(query, ...rest);
    };
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  const fromAddress = (url: string, remoteAddress: string) => t.app.inject({ url, remoteAddress });

  it("spend the caller's anonymous budget, and once it is spent are answered from memory without the database", async () => {
    const form = multipart([...petFields(), { name: 'image', value: await jpeg(40, 30), fileName: 'luna.jpg', contentType: 'image/jpeg' }]);
    const created = await t.as('staff').inject({ method: 'POST', url: '/phpApi/mascota/nueva', payload: form.payload, headers: form.headers });
    const { id } = created.json<{ id: number }>();
    const published = await t
      .as('staff')
      .inject({ method: 'POST', url: `/phpApi/mascota/${id}/publicacion`, payload: { estado: 'publicada', version: 1 } });
    expect(published.statusCode, published.body).toBe(200);
    const image = (await t.as('staff').inject({ url: `/phpApi/mascota/${id}` })).json<PetBody>().imagenprincipalUrl;
    // Known public from now on: served from memory to anybody, never counted.
    expect((await fromAddress(image, '10.5.0.9')).statusCode).toBe(200);

    const unknown = (n: number) => `/phpApi/storage/app/public/productos/${900_000 + n}/foto.jpg`;
    const before = lookups;
    for (let n = 0; n < 5; n++) expectErrorShape(await fromAddress(unknown(n), '10.5.0.1'), 404, 'NOT_FOUND');
    expect(lookups - before).toBe(5);
    // Spent: the same answer, from memory.
    for (let n = 5; n < 15; n++) expectErrorShape(await fromAddress(unknown(n), '10.5.0.1'), 404, 'NOT_FOUND');
    expectErrorShape(await fromAddress(`/api/mascotas/${900_100}/videos/paseo.mp4`, '10.5.0.1'), 404);
    expect(lookups - before).toBe(5);
    // They were counted against that address's anonymous budget...
    expectErrorShape(await fromAddress('/api/public/mascotas', '10.5.0.1'), 429, 'RATE_LIMITED');
    // ...while a public pet's files are still served to it, and other addresses are untouched.
    expect((await fromAddress(image, '10.5.0.1')).statusCode).toBe(200);
    expectErrorShape(await fromAddress(unknown(20), '10.5.0.2'), 404, 'NOT_FOUND');
    expect(lookups - before).toBe(6);
    // Staff are never limited by it.
    expect((await t.as('staff').inject({ url: unknown(21), remoteAddress: '10.5.0.1' })).statusCode).toBe(404);
    expect(lookups - before).toBe(7);
  });
});
