import { createHash } from 'node:crypto';
import { IMAGE_MAX_PIXELS, petMessages } from '@refugio/contracts';
import type { Sharp } from 'sharp';
import { AppError } from '../lib/app-error';
import { fileTypeFromBuffer, sharp } from '../lib/lazy-modules';

/** Formats accepted as uploads, by their magic bytes, and the format each is stored as. */
const ACCEPTED: Record<string, 'jpeg' | 'png' | 'webp'> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'webp',
  'image/avif': 'webp',
};
const EXTENSION = { jpeg: 'jpg', png: 'png', webp: 'webp' } as const;
const THUMBNAIL_SIZE = 320;
/** Stored images are at most this many pixels on their long edge: enough for any screen, far less to decode. */
export const IMAGE_MAX_EDGE = 2560;
/** Decodes at once: each can take hundreds of MB and a core; more wait their turn. */
const CONCURRENT_IMAGE_JOBS = 2;

/** Runs at most `max` jobs at once; the others wait in arrival order. */
export function createLimiter(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function limit<T>(job: () => Promise<T>): Promise<T> {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await job();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

const imageJobs = createLimiter(CONCURRENT_IMAGE_JOBS);

export interface ProcessedImage {
  data: Buffer;
  extension: string;
  contentType: string;
  width: number;
  height: number;
  contentHash: string;
  thumbnail: Buffer;
}

/**
 * Verifies an uploaded image by content (magic bytes, then a full decode with a pixel limit against
 * decompression bombs), applies its EXIF orientation, and re-encodes it without metadata (EXIF GPS could
 * reveal a foster home). Also makes the small WebP thumbnail the lists use.
 */
export function processImage(input: Buffer): Promise<ProcessedImage> {
  return imageJobs(() => decodeAndEncode(input));
}

async function decodeAndEncode(input: Buffer): Promise<ProcessedImage> {
  if (input.length === 0) throw new AppError('VALIDATION_ERROR', { message: petMessages.fileEmpty });
  const detected = await fileTypeFromBuffer(input);
  const format = detected ? ACCEPTED[detected.mime] : undefined;
  if (!format) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: petMessages.notAnImage });

  let pipeline: Sharp;
  try {
    pipeline = sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .resize(IMAGE_MAX_EDGE, IMAGE_MAX_EDGE, { fit: 'inside', withoutEnlargement: true });
    const encoded =
      format === 'jpeg'
        ? pipeline.jpeg({ quality: 85, mozjpeg: true })
        : format === 'png'
          ? pipeline.png({ compressionLevel: 9 })
          : pipeline.webp({ quality: 85 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(data)
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 70 })
      .toBuffer();
    return {
      data,
      extension: EXTENSION[format],
      contentType: `image/${format}`,
      width: info.width,
      height: info.height,
      contentHash: createHash('sha256').update(data).digest('hex'),
      thumbnail,
    };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new AppError('VALIDATION_ERROR', { message: petMessages.imageTooManyPixels });
    }
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: petMessages.notAnImage, cause: error });
  }
}

/** Size and content hash of an image already stored (one that went through processImage when uploaded). */
export async function describeImage(data: Buffer): Promise<{ width: number; height: number; bytes: number; contentHash: string }> {
  const meta = await sharp(data).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0, bytes: data.length, contentHash: createHash('sha256').update(data).digest('hex') };
}

/** Content type for a stored image or thumbnail, from its extension. */
export function imageContentType(fileName: string): string {
  const ext = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  return ext === 'jpg' || ext === 'jpeg' ? 'image/jpeg' : ext === 'png' ? 'image/png' : ext === 'webp' ? 'image/webp' : 'application/octet-stream';
}
