import { readdirSync } from 'node:fs';
import path from 'node:path';
import { VIDEO_MAX_BYTES } from '@refugio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORED_NAME_MAX_URL_LENGTH } from '../../src/media/storage-keys';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { multipart, petFields, videoBytes } from '../helpers/media';

type Upload = { success: boolean; url: string; fileName: string; size: number; type: string; uploadedAt: string };

describe('pet videos (/api/mascotas/{id}/videos)', () => {
  let t: TestApp;
  let petId: number;

  beforeAll(async () => {
    t = await createTestApp();
    // Published: anybody may watch its videos (those of a pet that is not public are for staff only).
    const body = multipart(petFields({ estado: 'publicada' }));
    petId = (await t.as('staff').inject({ method: 'POST', url: '/phpApi/mascota/nueva', payload: body.payload, headers: body.headers })).json<{
      id: number;
    }>().id;
  });
  afterAll(() => t.close());

  const upload = (value: Buffer, fileName: string, id = petId, field = 'file') => {
    const body = multipart([{ name: field, value, fileName, contentType: 'video/mp4' }]);
    return t.as('staff').inject({ method: 'POST', url: `/api/mascotas/${id}/videos`, payload: body.payload, headers: body.headers });
  };
  const remove = (name: string, id = petId) => t.as('staff').inject({ method: 'DELETE', url: `/api/mascotas/${id}/videos/${name}` });
  const list = async () =>
    (await t.as('staff').inject({ url: `/api/mascotas/${petId}/videos` })).json<{ name: string; url: string; fullPath: string }[]>();
  const stagingLeft = () => readdirSync(path.join(t.dataDir, 'media', '.tmp'));

  it('stores an MP4 under videos/PET_VIDEO_{petId}_{timestamp}_{name} and answers the upload result', async () => {
    const bytes = videoBytes.mp4(5000);
    const res = await upload(bytes, 'paseo por el parque.mp4');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Upload>();
    expect(body).toMatchObject({ success: true, size: 5000, type: 'video/mp4' });
    expect(body.fileName).toMatch(new RegExp(`^PET_VIDEO_${petId}_\\d{13}_paseo_por_el_parque\\.mp4$`));
    expect(new Date(body.uploadedAt).toISOString()).toBe(body.uploadedAt);
    expect(body.url).toBe(`/api/mascotas/${petId}/videos/${encodeURIComponent(body.fileName)}`);
    expect(await list()).toContainEqual({ name: body.fileName, url: body.url, fullPath: `videos/${body.fileName}` });
  });

  it('accepts AVI, MOV and WEBM, naming each by what its bytes prove', async () => {
    expect((await upload(videoBytes.webm(), 'gato.webm')).json<Upload>()).toMatchObject({
      type: 'video/webm',
      fileName: expect.stringMatching(/_gato\.webm$/) as string,
    });
    expect((await upload(videoBytes.mov(), 'conejo.mov')).json<Upload>().type).toBe('video/quicktime');
    expect((await upload(videoBytes.avi(), 'perro.avi')).json<Upload>().type).toBe('video/x-msvideo');
    // A WebM called .mp4 is stored as what it is.
    expect((await upload(videoBytes.webm(), 'mentira.mp4')).json<Upload>().fileName).toMatch(/_mentira\.webm$/);
  });

  it('streams the bytes with HTTP Range so players can seek', async () => {
    const bytes = videoBytes.mp4(10_000);
    const { url } = (await upload(bytes, 'rango.mp4')).json<Upload>();
    const whole = await t.app.inject({ url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    const part = await t.app.inject({ url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/10000');
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);

    const tail = await t.app.inject({ url, headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload.equals(bytes.subarray(9990))).toBe(true);

    const outside = await t.app.inject({ url, headers: { range: 'bytes=20000-30000' } });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe('bytes */10000');
  });

  it.each([
    ['an image disguised as .mp4', () => Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(5000, 1)]), 'foto.mp4', 415],
    ['a text file', () => Buffer.from('no soy un video '.repeat(400)), 'nota.mp4', 415],
    ['a tiny non-video', () => Buffer.from('hola'), 'corto.webm', 415],
    ['an empty file', () => Buffer.alloc(0), 'vacio.mp4', 400],
  ])('refuses %s and stores nothing', async (_label, make, name, status) => {
    const before = (await list()).length;
    const res = await upload(make(), name);
    expectErrorShape(res, status);
    expect(await list()).toHaveLength(before);
    expect(stagingLeft()).toEqual([]);
  });

  it('refuses a video over 50MB while streaming, keeping nothing', async () => {
    const before = (await list()).length;
    const res = await upload(videoBytes.mp4(VIDEO_MAX_BYTES + 100), 'enorme.mp4');
    const body = expectErrorShape(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(body.message).toBe('El video debe pesar como máximo 50MB.');
    expect(await list()).toHaveLength(before);
    expect(stagingLeft()).toEqual([]);
  });

  it('sanitises path tricks, control characters and over-long names', async () => {
    const tricky = await upload(videoBytes.mp4(), '../../etc/pas\u0000swd\u0007 <script>.mp4');
    const name = tricky.json<Upload>().fileName;
    expect(name).toMatch(new RegExp(`^PET_VIDEO_${petId}_\\d{13}_passwd_script\\.mp4$`));
    const windows = (await upload(videoBytes.mp4(), 'C:\\Users\\ana\\..\\video.mp4')).json<Upload>().fileName;
    expect(windows).toMatch(/_video\.mp4$/);
    const long = (await upload(videoBytes.mp4(), `${'á'.repeat(500)}.mp4`)).json<Upload>().fileName;
    expect(long).toMatch(/^PET_VIDEO_\d+_\d{13}_á+\.mp4$/);
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(`PET_VIDEO_${petId}_1234567890123_`.length + 120);
    const dots = (await upload(videoBytes.mp4(), '....mp4')).json<Upload>().fileName;
    expect(dots).toMatch(/_video\.mp4$/);
  });

  it.each([
    ['86 ASCII characters', `${'paseo-largo-por-la-playa-'.repeat(4).slice(0, 82)}.mp4`],
    ['120 bytes of accented letters and emoji', `${'ñandú 🐶 gato 猫 '.repeat(12)}.mp4`],
    ['spaces, #, ? and %', 'mi perro #1 ¿sí? 100% feliz & sano.mp4'],
  ])('lists, plays and deletes a video whose name has %s', async (_label, original) => {
    const uploaded = await upload(videoBytes.mp4(4000), original);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { fileName, url } = uploaded.json<Upload>();
    expect(Buffer.byteLength(fileName.slice(`PET_VIDEO_${petId}_1234567890123_`.length))).toBeLessThanOrEqual(120);
    const listed = (await list()).find((v) => v.name === fileName);
    expect(listed?.url).toBe(url);

    const part = await t.as('staff').inject({ url, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode, part.body).toBe(206);
    expect(part.rawPayload).toHaveLength(100);

    const removed = await remove(encodeURIComponent(fileName));
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await list()).map((v) => v.name)).not.toContain(fileName);
  });

  it('routes the longest stored name there can be, plain or percent-encoded (a 404 here, not a 414)', async () => {
    const prefix = 'PET_VIDEO_2147483647_8640000000000000_';
    expectErrorShape(await remove(`${prefix}${'a'.repeat(115)}.webm`), 404, 'NOT_FOUND');
    const encoded = `${prefix}${'%C3%B1'.repeat(57)}.webm`;
    expect(encoded.length).toBeGreaterThan(380);
    expectErrorShape(await remove(encoded), 404, 'NOT_FOUND');
    expectErrorShape(await remove('a'.repeat(STORED_NAME_MAX_URL_LENGTH + 1)), 414, 'URI_TOO_LONG');
  });

  it("deletes a video and answers the specification's message", async () => {
    const { fileName } = (await upload(videoBytes.mp4(), 'borrar.mp4')).json<Upload>();
    expect((await remove(encodeURIComponent(fileName))).json()).toEqual({ success: true, message: 'Video deleted successfully' });
    expect((await list()).map((v) => v.name)).not.toContain(fileName);
    expectErrorShape(await remove(encodeURIComponent(fileName)), 404, 'NOT_FOUND');
  });

  it("answers 404 for another pet's video and for a name that climbs out of the folder", async () => {
    const other = (await list())[0]!.name;
    expectErrorShape(await remove(encodeURIComponent(other), petId + 1), 404, 'NOT_FOUND');
    expectErrorShape(await remove('..%2F..%2Fauth-secret'), 404, 'NOT_FOUND');
  });

  it('needs a staff session to upload or delete, not to watch', async () => {
    const anonymousUpload = await t.app.inject({
      method: 'POST',
      url: `/api/mascotas/${petId}/videos`,
      ...multipart([{ name: 'file', value: videoBytes.mp4(), fileName: 'a.mp4' }]),
    });
    expectErrorShape(anonymousUpload, 401, 'UNAUTHENTICATED');
    const { url } = (await list())[0]!;
    expect((await t.app.inject({ url })).statusCode).toBe(200);
  });

  it('answers 404 for a pet that does not exist', async () => {
    expectErrorShape(await upload(videoBytes.mp4(), 'a.mp4', 999_999), 404, 'NOT_FOUND');
  });
});
