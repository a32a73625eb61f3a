import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error';
import { PUBLIC_AVIF_MAX_PIXELS, petMessages } from '@refugio/contracts';
import { AVIF_6300, avifClaiming } from '../../test/helpers/media';
import { IMAGE_MAX_EDGE, IMAGE_LANES, createLimiter, decodeFailure, imageLanes, processImage } from './images';

/** A real 1×1 PNG whose header claims `width`×`height`: decoders learn the size before spending memory on it. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** Issue 9.14: decoding costs memory and CPU; a phone photo needs neither 40+ megapixels nor more than two decodes at once. */
describe('image processing limits', () => {
  it('refuses more pixels than a phone photo has, in Spanish, without decoding them', async () => {
    const error = await processImage(await pngClaiming(7000, 7000)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(400);
    expect((error as AppError).message).toMatch(/megapíxeles/);
  });

  it('stores at most IMAGE_MAX_EDGE pixels on the long edge', async () => {
    const wide = await sharp({ create: { width: 3000, height: 300, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
    const result = await processImage(wide);
    expect(result.width).toBe(IMAGE_MAX_EDGE);
    expect(result.height).toBe(256);
    expect((await sharp(result.data).metadata()).width).toBe(IMAGE_MAX_EDGE);
  });

  it('runs at most the limit of jobs at once', async () => {
    const limit = createLimiter(2);
    let running = 0;
    let most = 0;
    const job = () =>
      limit(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 10));
        running--;
      });
    await Promise.all(Array.from({ length: 8 }, job));
    expect(most).toBe(2);
  });
});

/** Issue 21.2: public images cost less to decode than staff ones, and never delay staff work. */
describe('public and staff image lanes', () => {
  it('refuses a 6300x6300 AVIF from the public before decoding it, and still processes it for staff', async () => {
    const refused = await processImage(AVIF_6300, 'public').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).statusCode).toBe(400);
    expect((refused as AppError).message).toBe(petMessages.publicImageTooManyPixels);
    const staff = await processImage(AVIF_6300, 'staff');
    expect(staff.width).toBe(IMAGE_MAX_EDGE);
    expect(IMAGE_LANES.public.maxPixels).toBeLessThan(IMAGE_LANES.staff.maxPixels);
    expect(IMAGE_LANES.public.timeoutSeconds).toBeLessThan(IMAGE_LANES.staff.timeoutSeconds);
  });

  it('refuses from the public an AVIF of more than PUBLIC_AVIF_MAX_PIXELS by its header (issue 33.4); staff and small ones pass', async () => {
    // 24 megapixels declared in 300 bytes: within the public pixel limit, refused for being AVIF before any decode.
    const claiming = await avifClaiming(6000, 4000);
    expect(claiming.length).toBeLessThan(1000);
    const refused = await processImage(claiming, 'public').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).statusCode).toBe(400);
    expect((refused as AppError).message).toBe(petMessages.publicAvifTooManyPixels);
    expect((refused as AppError).message).toMatch(/AVIF o HEIF pueden tener como mucho 8 megapíxeles/);

    // A real one just over the limit (3000×2700 = 8.1 MP) is refused too; one of 2560×1920 is taken, and staff take both.
    const real = async (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
        .avif({ effort: 0 })
        .toBuffer();
    const over = await real(3000, 2700);
    expect(3000 * 2700).toBeGreaterThan(PUBLIC_AVIF_MAX_PIXELS);
    expect(((await processImage(over, 'public').catch((e: unknown) => e)) as AppError).message).toBe(petMessages.publicAvifTooManyPixels);
    expect((await processImage(await real(2560, 1920), 'public')).width).toBe(2560);
    expect((await processImage(over, 'staff')).width).toBe(2560);
  });

  it('processes a staff image while the public lane is full and its queue waits', async () => {
    const small = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
    let open = () => undefined as void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    // Public decodes that do not finish until released, more of them than any lane runs at once: the public
    // lane is busy and the rest wait behind them.
    const blockers = Array.from({ length: IMAGE_LANES.staff.concurrency + IMAGE_LANES.public.concurrency }, () => imageLanes.public(() => gate));
    let publicDone = false;
    const queuedPublic = processImage(small, 'public').then((r) => {
      publicDone = true;
      return r;
    });
    const staff = await processImage(small, 'staff');
    expect(staff.width).toBe(40);
    expect(publicDone).toBe(false);
    open();
    await Promise.all(blockers);
    expect((await queuedPublic).width).toBe(40);
  });

  it('refuses an image whose decoding passed the time limit with a Spanish 422', () => {
    // libvips' words when sharp's `timeout` stops a pipeline.
    const error = decodeFailure(new Error('timeout: 37% complete'), IMAGE_LANES.public);
    expect(error.statusCode).toBe(422);
    expect(error.message).toBe(petMessages.imageTooSlow);
    expect(decodeFailure(new Error('Input image exceeds pixel limit'), IMAGE_LANES.public).message).toBe(petMessages.publicImageTooManyPixels);
    expect(decodeFailure(new Error('VipsJpeg: premature end'), IMAGE_LANES.staff).statusCode).toBe(415);
  });
});
