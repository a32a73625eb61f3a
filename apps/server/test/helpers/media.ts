import sharp from 'sharp';

/** A real JPEG of the given size, with an EXIF orientation and GPS block, made in the test. */
export async function jpeg(width = 64, height = 48, options: { quality?: number; noise?: boolean } = {}): Promise<Buffer> {
  const channels = 3;
  const raw = Buffer.alloc(width * height * channels);
  for (let i = 0; i < raw.length; i++) raw[i] = options.noise ? Math.floor(Math.random() * 256) : (i * 37) % 256;
  return sharp(raw, { raw: { width, height, channels } })
    .withExif({ IFD0: { Make: 'Camara' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 25/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: options.quality ?? 80 })
    .toBuffer();
}

/** A real 920-byte AVIF of 6300x6300 pixels (one flat colour): cheap to send, about 40 megapixels to decode. */
export const AVIF_6300 = Buffer.from(
  'AAAAHGZ0eXBhdmlmAAAAAG1pZjFhdmlmbWlhZgAAANZtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAACJpbG9jAAAAAERAAAEAAQAAAAAA+gABAAAAAAAAAp4AAAAjaWluZgAAAAAAAQAAABVpbmZlAgAAAAABAABhdjAxAAAAAA5waXRtAAAAAAABAAAAVmlwcnAAAAA4aXBjbwAAAAxhdjFDgT8CAAAAABRpc3BlAAAAAAAAGJwAABicAAAAEHBpeGkAAAAAAwgICAAAABZpcG1hAAAAAAAAAAEAAQOBAgMAAAKmbWRhdBIACgo/8zE3ibaQENBpMo0FEBiExcnTTTTCxsCAAFPPyitCebPNSEMbs7ZFuykEgrtPHXm7b21JWYqYYbUB8cgKySOTdan6ca2PVssnfCOdWe6rhBEgR9p/W+pb2krUmBOEIDfhVTKgtaezRn4cxanAISBRz8orQnmKd93zHtUMqTIBwZBTsmRiiclUTf1GukyDuKuklHQjBv86dCzJAaeUQNt2AIE0p7K190+TInNKlWQRJDP8/98yBfRwvn2z8ioP0uBa9VHPyitCUU2jhOHWAFY9yoJYRrntSVU7LhQq3L/FqgjrRDp721Nra7f/y/xi6ukZh0ovHOxW0WYI27P3lR9wxN4mUiTS+0jB00ReoXBOrzqLWd4gSs/KKuYl/72QR1L29nPd9HNEErzHQyAvQwFQutqpFdW6KrsgYLmGg8MgQQK6xuxwbyOmytuZ/6EZY7hg5fNSgUdP59twosd9S8WvUFHPyitCUU2jhOHWAFY9yoJYRrntSVU7LhQq3L/FqgjrRDp721Nra7f/y/xi6ukZh0ovHOxW0WYI27P3lR9wxN4mUiTS+0jB00ReoXBOrzqLWd4gSs/KKuYl/72QR1L29nPd9HNEErzHQyAvQwFQutqpFdW6KrsgYLmGg8MgQQK6xuxwbyOmytuZ/6EZY7hg5fNSgUdP59twosd9S8WvUE/PyitCUU2jhOHWAFY9yoJYRrntSVU7LhQq3L/FqgjrRDp721Nra7f/y/xi6ukZh0ovHOxW0WYI27P3lR9wxN4mUiTS+0jB00ReoXBOrzqLbM/KKuYl/72QR1L29nPd9HNEErzHQyAvQwFQutqpFdW6KrsgYLmGg8MgQQK6xuxwbyOmytuZ/6EZY7hg5fNSgUdP59twosd9S8k=',
  'base64',
);

/**
 * A real 64×48 AVIF whose header (its `ispe` box) declares `width`×`height`: what sharp's metadata() reports. Its
 * pixels cannot be decoded at that size (the decoder finds 64×48), so only a refusal from the header answers 400.
 */
export async function avifClaiming(width: number, height: number): Promise<Buffer> {
  const avif = Buffer.from(
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
      .avif({ effort: 0 })
      .toBuffer(),
  );
  for (let at = avif.indexOf('ispe'); at >= 0; at = avif.indexOf('ispe', at + 4)) {
    avif.writeUInt32BE(width, at + 8);
    avif.writeUInt32BE(height, at + 12);
  }
  return avif;
}

export async function png(width = 32, height = 32): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

/** The smallest byte sequences file-type recognises as each container; enough for magic-byte checks. */
export const videoBytes = {
  mp4: (size = 2048) => withPadding(Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'), size),
  mov: (size = 2048) => withPadding(Buffer.from('00000014667479707174202000000000717420200000000877696465', 'hex'), size),
  webm: (size = 2048) => withPadding(Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878104428581021853', 'hex'), size),
  avi: (size = 2048) => {
    const head = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('AVI LIST')]);
    return withPadding(head, size);
  },
};

function withPadding(head: Buffer, size: number): Buffer {
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);
}

export interface Part {
  name: string;
  value: string | Buffer;
  fileName?: string;
  contentType?: string;
}

/** A multipart/form-data body, byte for byte, with its content type. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----refugio${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.fileName === undefined ? `form-data; name="${part.name}"` : `form-data; name="${part.name}"; filename="${part.fileName}"`;
    const type = part.fileName === undefined ? '' : `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The text fields of a valid pet, as the edit form sends them. */
export function petFields(overrides: Record<string, string> = {}): Part[] {
  const fields: Record<string, string> = {
    nombre: 'Luna',
    edad: '2 años',
    tipo: 'Perro',
    genero: 'hembra',
    tamano: 'mediano',
    discapacidad: '0',
    adoptado: '0',
    fechaingreso: '2024-03-05',
    personalidad: 'Tranquila y cariñosa',
    historia: 'Rescatada en la carretera',
    tags: JSON.stringify(['cariñosa', 'tranquila']),
    ...overrides,
  };
  return Object.entries(fields).map(([name, value]) => ({ name, value }));
}
