import { readFileHead, sniffImage } from './file-sniff';

/*
 * Reduces a photo in the browser until it weighs at most a given number of bytes: decoded with
 * createImageBitmap (turned upright by its EXIF orientation), drawn smaller on a canvas and re-encoded as JPEG,
 * lowering the quality and then the size until it fits. Phone cameras give 2-5 MB photos; the main image may
 * weigh 150000 bytes and a gallery image 2 MB (the server's limits, which it checks again by content). JPEG
 * because every browser encodes it and the server takes it; the server re-encodes images anyway.
 */

export interface ShrunkImage {
  file: File;
  width: number;
  height: number;
}

export class ImageShrinkError extends Error {
  override readonly name = 'ImageShrinkError';
}

const QUALITIES = [0.85, 0.72, 0.6] as const;
const MAX_ROUNDS = 8;
/** The longest side the first try starts from, by target weight: a 150 KB photo never needs 4000 px. */
const startSide = (maxBytes: number) => (maxBytes <= 200_000 ? 1280 : maxBytes <= 1_000_000 ? 2048 : 3072);

/** Where a drawing of `width` x `height` is encoded: an OffscreenCanvas when there is one, else a <canvas>. */
async function encode(bitmap: ImageBitmap, width: number, height: number, quality: number): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new ImageShrinkError('No 2D context');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new ImageShrinkError('No 2D context');
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new ImageShrinkError('The canvas gave no image'))), 'image/jpeg', quality),
  );
}

/** The file's name with a .jpg ending ("IMG_2041.HEIC" -> "IMG_2041.jpg"). */
export function shrunkFileName(name: string): string {
  const base = name.replace(/\.[^./\\]+$/, '') || 'foto';
  return `${base}.jpg`;
}

/**
 * A JPEG copy of `file` of at most `maxBytes` bytes. Throws ImageShrinkError when the browser cannot decode
 * the file or cannot get it under the limit.
 */
export async function shrinkImage(file: File, maxBytes: number): Promise<ShrunkImage> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new ImageShrinkError(`The browser cannot decode ${file.name}`);
  }
  try {
    const longest = Math.max(bitmap.width, bitmap.height);
    let scale = Math.min(1, startSide(maxBytes) / longest);
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const width = Math.max(1, Math.round(bitmap.width * scale));
      const height = Math.max(1, Math.round(bitmap.height * scale));
      let smallest: Blob | null = null;
      for (const quality of QUALITIES) {
        const blob = await encode(bitmap, width, height, quality);
        if (blob.type !== 'image/jpeg') throw new ImageShrinkError('This browser does not encode JPEG');
        if (blob.size <= maxBytes) {
          return { file: new File([blob], shrunkFileName(file.name), { type: 'image/jpeg', lastModified: Date.now() }), width, height };
        }
        smallest = blob;
      }
      // Too heavy even at the lowest quality: fewer pixels, in proportion to how far off it is.
      const ratio = maxBytes / (smallest?.size ?? maxBytes * 2);
      scale *= Math.min(0.85, Math.sqrt(ratio) * 0.95);
    }
    throw new ImageShrinkError(`${file.name} could not be brought under ${maxBytes} bytes`);
  } finally {
    bitmap.close();
  }
}

export interface ShrunkNote {
  name: string;
  before: number;
  after: number;
}

/**
 * The chosen files with every image (by its content) heavier than `maxBytes` replaced by a reduced copy, and a
 * note for each one reduced. A file that cannot be reduced is left as it is, for the usual checks to refuse.
 */
export async function shrinkOversizedImages(files: readonly File[], maxBytes: number): Promise<{ files: File[]; shrunk: ShrunkNote[] }> {
  const shrunk: ShrunkNote[] = [];
  const result: File[] = [];
  for (const file of files) {
    if (file.size <= maxBytes) {
      result.push(file);
      continue;
    }
    let isImage = false;
    try {
      isImage = sniffImage(await readFileHead(file)) !== null;
    } catch {
      isImage = false;
    }
    if (!isImage) {
      result.push(file);
      continue;
    }
    try {
      const reduced = await shrinkImage(file, maxBytes);
      result.push(reduced.file);
      shrunk.push({ name: file.name, before: file.size, after: reduced.file.size });
    } catch {
      result.push(file);
    }
  }
  return { files: result, shrunk };
}
