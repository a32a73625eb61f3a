import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error';
import { IMAGE_MAX_EDGE, createLimiter, processImage } from './images';

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
