import sharp from 'sharp';

/** A file as Playwright's file chooser takes it. */
export interface Payload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A small real JPEG of one colour. */
export async function jpegFile(name: string, color: string, size = 200): Promise<Payload> {
  const buffer = await sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** A minimal WebM: the EBML header with DocType 'webm', then a Segment holding an Info element (all the server checks). */
export function webmFile(name: string): Payload {
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

/** A short suffix that keeps the names of this run apart from other runs and workers. */
export function unique(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}
