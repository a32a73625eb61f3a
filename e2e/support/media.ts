import sharp from 'sharp';

/*
 * Files for the journeys' file pickers, generated in the test: small real JPEG/PNG files (sharp) and a
 * minimal WebM (an EBML header is all the server checks). The server's own tests build theirs in
 * apps/server/test/helpers/media.ts (raw buffers for multipart requests); these are Playwright file payloads.
 */

/** A file as Playwright's `setFiles` takes it. */
export interface Payload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export async function jpeg(name: string, color: string, size = 240): Promise<Payload> {
  const buffer = await sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

export async function png(name: string, color: string): Promise<Payload> {
  const buffer = await sharp({ create: { width: 200, height: 160, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** Deterministic noise compresses badly: a PNG well over the 150000 bytes of the main image limit. */
export async function oversizedPng(name: string): Promise<Payload> {
  const width = 320;
  const height = 320;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 2654435761) % 251;
  const buffer = await sharp(raw, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  if (buffer.length <= 150_000) throw new Error(`oversizedPng is only ${buffer.length} bytes`);
  return { name, mimeType: 'image/png', buffer };
}

/** A minimal WebM: the EBML header with DocType 'webm', then a Segment holding an Info element. */
export function webm(name: string): Payload {
  const element = (id: number[], data: number[]) => [...id, 0x80 | data.length, ...data];
  const header = [
    ...element([0x42, 0x86], [1]),
    ...element([0x42, 0xf7], [1]),
    ...element([0x42, 0xf2], [4]),
    ...element([0x42, 0xf3], [8]),
    ...element([0x42, 0x82], [...Buffer.from('webm', 'ascii')]),
    ...element([0x42, 0x87], [2]),
    ...element([0x42, 0x85], [2]),
  ];
  const info = element([0x2a, 0xd7, 0xb1], [0x0f, 0x42, 0x40]);
  const bytes = [
    ...[0x1a, 0x45, 0xdf, 0xa3, 0x80 | header.length, ...header],
    ...[0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
    ...[0x15, 0x49, 0xa9, 0x66, 0x80 | info.length, ...info],
  ];
  return { name, mimeType: 'video/webm', buffer: Buffer.from(bytes) };
}

/**
 * A photo as a phone camera gives it: a large JPEG (noise over a gradient, so it compresses like a busy scene)
 * of more than `minBytes` (default 2.5 MB), over both the 150KB main image and the 2MB gallery limits.
 */
export async function cameraPhoto(name: string, minBytes = 2_500_000): Promise<Payload> {
  const width = 2400;
  const height = 1800;
  const raw = Buffer.alloc(width * height * 3);
  let seed = name.length * 7919 + 17;
  for (let i = 0; i < raw.length; i += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const pixel = Math.floor(i / 3);
    const gradient = ((pixel % width) / width) * 160 + (Math.floor(pixel / width) / height) * 60;
    raw[i] = Math.max(0, Math.min(255, Math.round(gradient + ((seed >> 16) % 96) - 48)));
  }
  const buffer = await sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  if (buffer.length <= minBytes) throw new Error(`cameraPhoto is only ${buffer.length} bytes`);
  return { name, mimeType: 'image/jpeg', buffer };
}
