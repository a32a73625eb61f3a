/*
 * What a chosen file really is, read from its first bytes (its "magic bytes") rather than from its name or the
 * type the browser guesses from the name. The rules follow what the server accepts (apps/server/src/media:
 * the file-type library's signatures): images JPEG, PNG, WebP, GIF and AVIF (not HEIC/HEIF, not animated PNG,
 * not JPEG-LS); videos MP4, MOV, AVI and WebM (not Matroska, 3GP or M4V). The browser refuses early what the
 * server would refuse after the save; the server still decides (it also decodes every image).
 */

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';
export type VideoFormat = 'mp4' | 'mov' | 'avi' | 'webm';

/** Bytes read from the start of a file: as many as the server's video check looks at. */
export const SNIFF_BYTES = 4100;

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

/** The major brand of an ISO base media file (MP4, MOV, AVIF, HEIC...), or null when there is no `ftyp` box first. */
function isoBrand(bytes: Uint8Array): string | null {
  if (bytes.length < 12 || ascii(bytes, 4, 4) !== 'ftyp') return null;
  // The brand must begin with a printable ASCII character, as the server's check requires.
  if (((bytes[8] ?? 0) & 0x60) === 0) return null;
  return ascii(bytes, 8, 4).replace('\0', ' ').trim();
}

/** True when a PNG carries an animation control chunk (acTL) before its first image data (IDAT): an APNG. */
function isAnimatedPng(bytes: Uint8Array): boolean {
  let offset = 8;
  while (offset + 8 <= bytes.length) {
    const length = ((bytes[offset] ?? 0) << 24) | ((bytes[offset + 1] ?? 0) << 16) | ((bytes[offset + 2] ?? 0) << 8) | (bytes[offset + 3] ?? 0);
    const type = ascii(bytes, offset + 4, 4);
    if (type === 'acTL') return true;
    if (type === 'IDAT' || length < 0) return false;
    offset += 12 + length;
  }
  return false;
}

const RIFF = [0x52, 0x49, 0x46, 0x46];

/** The image format of a file's first bytes, or null when it is not one the server accepts. */
export function sniffImage(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return bytes[3] === 0xf7 ? null : 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return isAnimatedPng(bytes) ? null : 'png';
  if (startsWith(bytes, [0x47, 0x49, 0x46])) return 'gif';
  if (startsWith(bytes, RIFF) && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  const brand = isoBrand(bytes);
  if (brand === 'avif' || brand === 'avis') return 'avif';
  return null;
}

/** Brands of ISO files that are not videos the server takes (images, audio, 3GP, M4V, camera raw). */
const NOT_VIDEO_BRANDS = new Set([
  'avif',
  'avis',
  'mif1',
  'msf1',
  'heic',
  'heix',
  'hevc',
  'hevx',
  'M4V',
  'M4VH',
  'M4VP',
  'M4B',
  'M4A',
  'F4A',
  'F4B',
  'crx',
]);

/** An EBML variable-length number at `offset`: its value (marker bit removed, or kept for ids) and its length. */
function readVint(bytes: Uint8Array, offset: number, keepMarker: boolean): { value: number; length: number } | null {
  const first = bytes[offset];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (length <= 8 && (first & (0x80 >> (length - 1))) === 0) length += 1;
  if (offset + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i += 1) value = value * 256 + (bytes[offset + i] ?? 0);
  return { value, length };
}

/** The DocType of an EBML header ('webm', 'matroska'), read from the header's children; null when not found. */
function ebmlDocType(bytes: Uint8Array): string | null {
  const rootId = readVint(bytes, 0, true);
  if (!rootId) return null;
  const rootSize = readVint(bytes, rootId.length, false);
  if (!rootSize) return null;
  let offset = rootId.length + rootSize.length;
  const end = Math.min(bytes.length, offset + rootSize.value);
  while (offset < end) {
    const id = readVint(bytes, offset, true);
    if (!id) return null;
    const size = readVint(bytes, offset + id.length, false);
    if (!size) return null;
    const data = offset + id.length + size.length;
    if (id.value === 0x4282) return ascii(bytes, data, Math.min(size.value, 32)).replace(/\0.*$/, '');
    offset = data + size.value;
  }
  return null;
}

/** The video container of a file's first bytes, or null when it is not one the server accepts. */
export function sniffVideo(bytes: Uint8Array): VideoFormat | null {
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return ebmlDocType(bytes) === 'webm' ? 'webm' : null;
  if (startsWith(bytes, RIFF) && startsWith(bytes, [0x41, 0x56, 0x49], 8)) return 'avi';
  const brand = isoBrand(bytes);
  if (brand === null) return null;
  if (brand === 'qt') return 'mov';
  if (NOT_VIDEO_BRANDS.has(brand) || brand.startsWith('3g')) return null;
  return 'mp4';
}

/** The first `length` bytes of a file (fewer when it is shorter). */
export async function readFileHead(file: Blob, length = SNIFF_BYTES): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, length).arrayBuffer());
}
