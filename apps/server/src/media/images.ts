import { createHash } from 'node:crypto';
import { IMAGE_MAX_PIXELS, PUBLIC_AVIF_MAX_PIXELS, PUBLIC_IMAGE_MAX_PIXELS, petMessages } from '@refugio/contracts';
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

/**
 * Who sent an image, which decides what its decoding may cost. Staff images (pet forms and galleries) keep the
 * higher pixel limit; images the public sends (registrations, later the foster portal) cost little to send, so
 * they get a lower one and a shorter decoding time. Each origin has its own lane (queue): staff work never waits
 * behind public uploads.
 */
export type ImageOrigin = 'staff' | 'public';

interface LaneRules {
  /** Decodes at once in this lane: each can take hundreds of MB and a core; more wait their turn. */
  concurrency: number;
  maxPixels: number;
  /** libvips stops a pipeline that runs longer (whole seconds, sharp's `timeout`). */
  timeoutSeconds: number;
  tooManyPixels: string;
  /**
   * AVIF and HEIF (HEIF is refused anyway, not being accepted) cost several times more per pixel to decode: a
   * 24-megapixel AVIF of 900 bytes takes most of a second of CPU. Their size is read from the header and more
   * than this many pixels is refused before any is decoded.
   */
  heifMaxPixels?: { pixels: number; message: string };
}

const HEIF_TYPES = new Set(['image/avif', 'image/heif', 'image/heic', 'image/heif-sequence', 'image/heic-sequence']);

export const IMAGE_LANES: Record<ImageOrigin, LaneRules> = {
  staff: { concurrency: 2, maxPixels: IMAGE_MAX_PIXELS, timeoutSeconds: 30, tooManyPixels: petMessages.imageTooManyPixels },
  public: {
    concurrency: 1,
    maxPixels: PUBLIC_IMAGE_MAX_PIXELS,
    timeoutSeconds: 8,
    tooManyPixels: petMessages.publicImageTooManyPixels,
    heifMaxPixels: { pixels: PUBLIC_AVIF_MAX_PIXELS, message: petMessages.publicAvifTooManyPixels },
  },
};

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

/** One queue per origin (exported so tests can occupy a lane). */
export const imageLanes: Record<ImageOrigin, ReturnType<typeof createLimiter>> = {
  staff: createLimiter(IMAGE_LANES.staff.concurrency),
  public: createLimiter(IMAGE_LANES.public.concurrency),
};

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
export function processImage(input: Buffer, origin: ImageOrigin = 'staff'): Promise<ProcessedImage> {
  return imageLanes[origin](() => decodeAndEncode(input, IMAGE_LANES[origin]));
}

/** What a failed decode means for the sender: too many pixels, too slow, or not an image. */
export function decodeFailure(error: unknown, rules: Pick<LaneRules, 'tooManyPixels'>): AppError {
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message)) return new AppError('VALIDATION_ERROR', { message: rules.tooManyPixels });
  // libvips' own words when `timeout` stops a pipeline ("timeout: 12% complete").
  if (/^timeout: \d+% complete/im.test(message)) return new AppError('UNPROCESSABLE', { message: petMessages.imageTooSlow });
  return new AppError('UNSUPPORTED_MEDIA_TYPE', { message: petMessages.notAnImage, cause: error });
}

async function decodeAndEncode(input: Buffer, rules: LaneRules): Promise<ProcessedImage> {
  if (input.length === 0) throw new AppError('VALIDATION_ERROR', { message: petMessages.fileEmpty });
  const detected = await fileTypeFromBuffer(input);
  const format = detected ? ACCEPTED[detected.mime] : undefined;
  if (!format) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: petMessages.notAnImage });
  if (rules.heifMaxPixels && HEIF_TYPES.has(detected!.mime)) {
    // The header only (sharp's metadata() decodes no pixel); an unreadable header is left to the decode to refuse.
    const meta = await sharp(input)
      .metadata()
      .catch(() => undefined);
    const pixels = (meta?.width ?? 0) * (meta?.height ?? 0);
    if (pixels > rules.maxPixels) throw new AppError('VALIDATION_ERROR', { message: rules.tooManyPixels });
    if (pixels > rules.heifMaxPixels.pixels) throw new AppError('VALIDATION_ERROR', { message: rules.heifMaxPixels.message });
  }

  let pipeline: Sharp;
  try {
    pipeline = sharp(input, { limitInputPixels: rules.maxPixels, failOn: 'error', animated: false })
      .timeout({ seconds: rules.timeoutSeconds })
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
      .timeout({ seconds: rules.timeoutSeconds })
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
    throw decodeFailure(error, rules);
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
