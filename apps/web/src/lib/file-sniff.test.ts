import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readFileHead, sniffImage, sniffVideo } from './file-sniff';

/*
 * The browser's check must agree with the server's (file-type's signatures, apps/server/src/media): real images
 * made by sharp, and the container headers the server tests use, are each checked both ways.
 */

const bytes = (hex: string, padTo = 64) => {
  const head = Buffer.from(hex.replace(/\s+/g, ''), 'hex');
  return new Uint8Array(Buffer.concat([head, Buffer.alloc(Math.max(0, padTo - head.length), 0x20)]));
};
const text = (s: string) => new Uint8Array(Buffer.from(s));

const ACCEPTED_IMAGE_MIMES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'];
const ACCEPTED_VIDEO_MIMES = ['video/mp4', 'video/quicktime', 'video/vnd.avi', 'video/webm'];

async function serverAcceptsImage(data: Uint8Array) {
  const type = await fileTypeFromBuffer(data);
  return type !== undefined && ACCEPTED_IMAGE_MIMES.includes(type.mime);
}
async function serverAcceptsVideo(data: Uint8Array) {
  const type = await fileTypeFromBuffer(data);
  return type !== undefined && ACCEPTED_VIDEO_MIMES.includes(type.mime);
}

const canvas = () => sharp({ create: { width: 24, height: 16, channels: 3, background: '#3a7' } });

const videos = {
  mp4: bytes('000000186674797069736f6d0000020069736f6d69736f32', 2048),
  mov: bytes('00000014667479707174202000000000717420200000000877696465', 2048),
  webm: bytes('1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878104428581021853', 2048),
  avi: new Uint8Array(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('AVI LIST'), Buffer.alloc(2000, 0x20)])),
};

describe('sniffImage', () => {
  it('recognises JPEG, PNG, WebP, GIF and AVIF by their bytes, as the server does', async () => {
    const made = {
      jpeg: await canvas().jpeg().toBuffer(),
      png: await canvas().png().toBuffer(),
      webp: await canvas().webp().toBuffer(),
      gif: await canvas().gif().toBuffer(),
      avif: await canvas().avif().toBuffer(),
    };
    for (const [format, data] of Object.entries(made)) {
      const head = new Uint8Array(data);
      expect(sniffImage(head), format).toBe(format);
      expect(await serverAcceptsImage(head), format).toBe(true);
    }
  });

  it('refuses what is not an image, or an image the server refuses (HEIC, animated PNG, JPEG-LS)', async () => {
    const refused = {
      text: text('hola, esto es una nota de texto y no una foto'),
      pdf: text('%PDF-1.7\n1 0 obj\n<< >>\nendobj\n'),
      empty: new Uint8Array(0),
      heic: bytes('00000018 66747970 68656963 00000000 6d696631 68656963'),
      heif: bytes('00000018 66747970 6d696631 00000000 6d696631 68656963'),
      apng: bytes('89504e470d0a1a0a 0000000d 49484452 0000000100000001080600000000000000 00000008 6163544c 0000000100000000 00000000'),
      jpegLs: bytes('ffd8fff7 0000'),
      mp4: videos.mp4,
    };
    for (const [name, head] of Object.entries(refused)) {
      expect(sniffImage(head), name).toBeNull();
      expect(await serverAcceptsImage(head), name).toBe(false);
    }
  });

  it('does not take the file name or type into account, only the bytes', () => {
    expect(sniffImage(text('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffImage(bytes('ffd8ffe000104a464946'))).toBe('jpeg');
  });
});

describe('sniffVideo', () => {
  it('recognises MP4, MOV, AVI and WebM containers, as the server does', async () => {
    for (const [format, head] of Object.entries(videos)) {
      expect(sniffVideo(head), format).toBe(format);
      expect(await serverAcceptsVideo(head), format).toBe(true);
    }
  });

  it('refuses Matroska, 3GP, M4V, audio and anything else', async () => {
    const refused = {
      matroska: bytes('1a45dfa3a34286810142f7810142f2810442f3810842828 86d6174726f736b61 42878104428581021853'.replace(/\s/g, '')),
      threeGp: bytes('00000014 66747970 33677034 00000000 33677034'),
      m4v: bytes('00000014 66747970 4d345620 00000000 4d345620'),
      m4a: bytes('00000014 66747970 4d344120 00000000 4d344120'),
      avif: bytes('00000018 66747970 61766966 00000000 61766966 6d696631'),
      wav: new Uint8Array(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt '), Buffer.alloc(40)])),
      text: text('no soy un video'),
      jpeg: bytes('ffd8ffe000104a464946'),
    };
    for (const [name, head] of Object.entries(refused)) {
      expect(sniffVideo(head), name).toBeNull();
      expect(await serverAcceptsVideo(head), name).toBe(false);
    }
  });

  it('copes with truncated headers without throwing', () => {
    expect(sniffVideo(bytes('1a45dfa39f42', 6))).toBeNull();
    expect(sniffVideo(bytes('00000018667479', 7))).toBeNull();
    expect(sniffImage(bytes('89504e470d0a1a0a000000', 11))).toBe('png');
  });
});

describe('readFileHead', () => {
  it('reads only the first bytes of a file', async () => {
    const file = new Blob([new Uint8Array(10_000).fill(7)]);
    const head = await readFileHead(file, 100);
    expect(head.length).toBe(100);
    expect(head[99]).toBe(7);
    expect((await readFileHead(new Blob([text('ab')]))).length).toBe(2);
  });
});
