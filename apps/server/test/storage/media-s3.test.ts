import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { VIDEO_MAX_BYTES } from '@refugio/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL, STAFF, type TestApp, createTestApp } from '../helpers/helpers';
import { jpeg, multipart, petFields, videoBytes } from '../helpers/media';
import { type S3TestServer, startS3TestServer } from '../helpers/s3-test-server';

type Upload = { success: boolean; url: string; fileName: string; size: number; type: string };

/** The media routes, unchanged, with STORAGE_DRIVER=s3 against an S3-protocol server on loopback. */
describe('media on STORAGE_DRIVER=s3', () => {
  let s3: S3TestServer;
  let t: TestApp;
  let staff: string;

  beforeAll(async () => {
    s3 = await startS3TestServer();
    t = await createTestApp(s3.env);
    await t.createUser(STAFF);
    staff = await t.signIn(STAFF.email, STAFF.password);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  const keys = async (prefix: string) => (await t.app.storage.list(prefix)).map((o) => o.key);
  const createPet = async (image?: Buffer) => {
    const form = multipart([
      ...petFields({ estado: 'publicada' }),
      ...(image ? [{ name: 'image', value: image, fileName: 'luna.jpg', contentType: 'image/jpeg' }] : []),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/phpApi/mascota/nueva',
      payload: form.payload,
      headers: { ...form.headers, cookie: staff, origin: PUBLIC_URL },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number }>().id;
  };
  const uploadVideo = (petId: number, value: Buffer, fileName: string) => {
    const body = multipart([{ name: 'file', value, fileName, contentType: 'video/mp4' }]);
    return t.app.inject({
      method: 'POST',
      url: `/api/mascotas/${petId}/videos`,
      payload: body.payload,
      headers: { ...body.headers, cookie: staff, origin: PUBLIC_URL },
    });
  };

  it('runs on the bucket, not on the data directory', () => {
    expect(t.app.storage.driver).toBe('s3');
    expect(existsSync(path.join(t.dataDir, 'media'))).toBe(false);
  });

  it('stores a pet image in the bucket and serves it and its thumbnail', async () => {
    const id = await createPet(await jpeg(64, 48));
    const pet = (await t.app.inject({ url: `/phpApi/mascota/${id}`, headers: { cookie: staff, origin: PUBLIC_URL } })).json<{
      imagenprincipal: string;
      thumbnailUrl: string;
    }>();
    expect(await keys(`productos/${id}/`)).toEqual([`productos/${id}/${pet.imagenprincipal}`, `productos/${id}/thumbs/${pet.imagenprincipal}.webp`]);

    const file = await t.app.inject({ url: `/phpApi/storage/app/public/productos/${id}/${pet.imagenprincipal}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(file.rawPayload).metadata()).exif).toBeUndefined();
    const thumb = await t.app.inject({ url: pet.thumbnailUrl });
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('webp');
  });

  it('adds and deletes gallery images in the bucket', async () => {
    const id = await createPet();
    const form = multipart([{ name: 'file', value: await jpeg(), fileName: 'b.jpg', contentType: 'image/jpeg' }]);
    const added = await t.app.inject({
      method: 'POST',
      url: `/phpApi/mascota/${id}/imagenes/nueva`,
      payload: form.payload,
      headers: { ...form.headers, cookie: staff, origin: PUBLIC_URL },
    });
    expect(added.statusCode, added.body).toBe(200);
    const [image] = (await t.app.inject({ url: `/phpApi/mascota/${id}/imagenes`, headers: { cookie: staff, origin: PUBLIC_URL } })).json<
      { id: number; nombre: string }[]
    >();
    expect(await keys(`productos/${id}/`)).toContain(`productos/${id}/${image!.nombre}`);
    expect((await t.app.inject({ url: `/phpApi/storage/app/public/productos/${id}/${image!.nombre}` })).statusCode).toBe(200);

    const deleted = await t.app.inject({
      method: 'POST',
      url: `/phpApi/mascota/${id}/imagenes/${image!.id}/eliminar`,
      headers: { cookie: staff, origin: PUBLIC_URL },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await keys(`productos/${id}/`)).toEqual([]);
  });

  it('uploads a video in several multipart parts, serves HTTP Range from the bucket, lists and deletes it', async () => {
    const petId = await createPet();
    // Larger than one 8 MiB part: the driver sends it as a multipart upload.
    const bytes = videoBytes.mp4(9 * 1024 * 1024 + 321);
    const res = await uploadVideo(petId, bytes, 'paseo largo.mp4');
    expect(res.statusCode, res.body).toBe(200);
    const { url, fileName, size } = res.json<Upload>();
    expect(size).toBe(bytes.length);
    expect(s3.pendingUploads()).toEqual([]);

    const whole = await t.app.inject({ url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(bytes.length));
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const start = 8 * 1024 * 1024 - 50;
    const part = await t.app.inject({ url, headers: { range: `bytes=${start}-${start + 99}` } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes ${start}-${start + 99}/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(start, start + 100))).toBe(true);
    expect((await t.app.inject({ url, headers: { range: 'bytes=-10' } })).rawPayload.equals(bytes.subarray(-10))).toBe(true);
    expect((await t.app.inject({ url, headers: { range: `bytes=${bytes.length + 10}-` } })).statusCode).toBe(416);

    const listed = (await t.app.inject({ url: `/api/mascotas/${petId}/videos`, headers: { cookie: staff, origin: PUBLIC_URL } })).json<
      { name: string }[]
    >();
    expect(listed.map((v) => v.name)).toEqual([fileName]);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/mascotas/${petId}/videos/${encodeURIComponent(fileName)}`,
      headers: { cookie: staff, origin: PUBLIC_URL },
    });
    expect(deleted.json()).toEqual({ success: true, message: 'Video deleted successfully' });
    expect(await keys('videos/')).toEqual([]);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
  });

  it('refuses a video over the limit while streaming and leaves nothing in the bucket', async () => {
    const petId = await createPet();
    const res = await uploadVideo(petId, videoBytes.mp4(VIDEO_MAX_BYTES + 1024), 'enorme.mp4');
    expect(res.statusCode).toBe(413);
    expect(await keys(`videos/PET_VIDEO_${petId}_`)).toEqual([]);
    expect(s3.pendingUploads()).toEqual([]);
  });

  it('sweeps orphan image objects from the bucket', async () => {
    const id = await createPet(await jpeg());
    const orphan = `productos/${id}/1700000000000_deadbeef.jpg`;
    await t.app.storage.put(orphan, Readable.from(['huérfana']));
    expect(await t.app.orphanMediaSweep.collect()).toEqual([]);
    const removed = await t.app.orphanMediaSweep.collect(Date.now() + 2 * 60 * 60 * 1000);
    expect(removed).toEqual([orphan]);
    expect(await keys(`productos/${id}/`)).toHaveLength(2);
  });
});
