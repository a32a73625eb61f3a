import type { CareAttachmentType } from '@refugio/contracts';
import { sharp } from '../../lib/lazy-modules';

/** What a care attachment is, told by its bytes (never by its name or the browser's type). */
export interface DetectedAttachment {
  type: CareAttachmentType;
  extension: string;
}

const startsWith = (data: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => data[offset + i] === b);

/**
 * A PDF (header and end-of-file marker), or a JPEG, PNG or WebP that decodes as what its signature says; anything
 * else (a text file named .pdf, an executable named .jpg, a truncated image) is undefined.
 */
export async function detectAttachmentType(data: Buffer): Promise<DetectedAttachment | undefined> {
  if (data.length < 12) return undefined;
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') {
    return data
      .subarray(Math.max(0, data.length - 2048))
      .toString('latin1')
      .includes('%%EOF')
      ? { type: 'application/pdf', extension: 'pdf' }
      : undefined;
  }
  let expected: { format: string; detected: DetectedAttachment } | undefined;
  if (startsWith(data, [0xff, 0xd8, 0xff])) expected = { format: 'jpeg', detected: { type: 'image/jpeg', extension: 'jpg' } };
  else if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    expected = { format: 'png', detected: { type: 'image/png', extension: 'png' } };
  else if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP')
    expected = { format: 'webp', detected: { type: 'image/webp', extension: 'webp' } };
  if (!expected) return undefined;
  try {
    // Decoding the pixels (not only the header) tells a real image from a signature glued onto something else.
    const image = sharp(data, { failOn: 'error', limitInputPixels: 100_000_000 });
    const meta = await image.metadata();
    if (meta.format !== expected.format) return undefined;
    await image.stats();
    return expected.detected;
  } catch {
    return undefined;
  }
}

/** The name a file is shown and downloaded under: no path, no control characters, the detected extension. */
export function sanitiseFileName(name: string, extension: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .trim()
    .slice(0, 120);
  const stem = base.replace(/\.[^.]*$/, '') || 'adjunto';
  return `${stem}.${extension}`;
}
