import { IMAGES_PER_UPLOAD, IMAGE_MAX_BYTES, MAIN_IMAGE_MAX_BYTES, VIDEO_MAX_BYTES, petMessages } from '@refugio/contracts';
import { describe, expect, it } from 'vitest';
import {
  checkMainImage,
  checkVideoFile,
  formatBytes,
  imageRefusals,
  isImageByContent,
  isRealFile,
  isVideoByContent,
  sniffImageFiles,
  splitImageSelection,
  uploadableFiles,
  videoDisplayName,
  videoRefusals,
} from './media-rules';

function fileOfSize(name: string, size: number, type: string): File {
  return new File([new Uint8Array(size)], name, { type });
}

const JPEG_START = [0xff, 0xd8, 0xff, 0xe0];
const MP4_START = [0, 0, 0, 0x18, ...Buffer.from('ftypisom')];

/** A file whose content starts with `start` (magic bytes), padded to `size`. */
function fileStarting(name: string, start: number[], size = 64, type = ''): File {
  const bytes = new Uint8Array(size);
  bytes.set(start);
  return new File([bytes], name, { type });
}

const image = (file: File) => ({ file, isImage: true });
const notImage = (file: File) => ({ file, isImage: false });

describe('isRealFile / uploadableFiles', () => {
  it('keeps only real non-empty files', () => {
    const good = fileOfSize('a.jpg', 10, 'image/jpeg');
    const empty = fileOfSize('b.jpg', 0, 'image/jpeg');
    const blob = new Blob(['x'], { type: 'image/jpeg' });
    const queue: unknown[] = [good, empty, blob, null, undefined, 'c.jpg', { name: 'd.jpg', size: 3 }];
    expect(uploadableFiles(queue)).toEqual([good]);
    expect(isRealFile(empty)).toBe(false);
    expect(isRealFile(good)).toBe(true);
  });
});

describe('isImageByContent / isVideoByContent / sniffImageFiles', () => {
  it('reads the content, whatever the name and the type say', async () => {
    expect(await isImageByContent(fileStarting('foto.txt', JPEG_START))).toBe(true);
    expect(await isImageByContent(fileStarting('foto.jpg', [...Buffer.from('hola')], 64, 'image/jpeg'))).toBe(false);
    expect(await isVideoByContent(fileStarting('paseo', MP4_START))).toBe(true);
    expect(await isVideoByContent(fileStarting('paseo.mp4', JPEG_START, 64, 'video/mp4'))).toBe(false);
    const candidates = await sniffImageFiles([fileStarting('a.jpg', JPEG_START), fileOfSize('b.jpg', 10, 'image/jpeg')]);
    expect(candidates.map((c) => [c.file.name, c.isImage])).toEqual([
      ['a.jpg', true],
      ['b.jpg', false],
    ]);
  });
});

describe('checkMainImage', () => {
  it('allows an image of exactly 150000 bytes and refuses one byte more with the SPEC alert', () => {
    expect(checkMainImage(image(fileOfSize('a.jpg', MAIN_IMAGE_MAX_BYTES, 'image/jpeg')))).toBeNull();
    expect(checkMainImage(image(fileOfSize('a.jpg', MAIN_IMAGE_MAX_BYTES + 1, 'image/jpeg')))).toBe('El peso de la imagen debe ser menor a 150KB');
  });

  it('refuses what is not an image, naming the file', () => {
    expect(checkMainImage(notImage(fileOfSize('a.pdf', 10, 'application/pdf')))).toBe(`a.pdf: ${petMessages.notAnImage}`);
    expect(checkMainImage(image(fileOfSize('vacia.jpg', 0, 'image/jpeg')))).toBe(`vacia.jpg: ${petMessages.notAnImage}`);
  });
});

describe('splitImageSelection', () => {
  it('accepts images up to 2MB and explains each refusal', () => {
    const ok = fileOfSize('ok.png', 100, 'image/png');
    const limit = fileOfSize('limite.jpg', IMAGE_MAX_BYTES, 'image/jpeg');
    const big = fileOfSize('grande.jpg', IMAGE_MAX_BYTES + 1, 'image/jpeg');
    const text = fileOfSize('nota.txt', 10, 'text/plain');
    const empty = fileOfSize('vacia.png', 0, 'image/png');
    expect(splitImageSelection([image(ok), image(limit), image(big), notImage(text), image(empty)])).toEqual({
      accepted: [ok, limit],
      refused: [
        { name: 'grande.jpg', reason: imageRefusals.tooBig },
        { name: 'nota.txt', reason: imageRefusals.notAnImage },
        { name: 'vacia.png', reason: imageRefusals.empty },
      ],
    });
  });

  it(`accepts at most ${IMAGES_PER_UPLOAD} files counting those already queued`, () => {
    const files = Array.from({ length: 12 }, (_, i) => image(fileOfSize(`f${i}.jpg`, 10, 'image/jpeg')));
    const first = splitImageSelection(files);
    expect(first.accepted).toHaveLength(IMAGES_PER_UPLOAD);
    expect(first.refused.map((r) => r.name)).toEqual(['f10.jpg', 'f11.jpg']);
    expect(first.refused[0]?.reason).toBe(imageRefusals.tooMany);
    expect(splitImageSelection(files.slice(0, 3), 8).accepted).toHaveLength(2);
  });
});

describe('checkVideoFile', () => {
  it('accepts a video by its content, whatever its name', () => {
    expect(checkVideoFile(fileOfSize('a.mp4', 10, 'video/mp4'), true)).toBeNull();
    expect(checkVideoFile(fileOfSize('sin-extension', 10, ''), true)).toBeNull();
  });

  it('refuses other content, empty files and files over 50MB', () => {
    expect(checkVideoFile(fileOfSize('a.mkv', 10, 'video/x-matroska'), false)).toBe(videoRefusals.notAVideo);
    expect(checkVideoFile(fileOfSize('a.mp4', 10, 'video/mp4'), false)).toBe(videoRefusals.notAVideo);
    expect(checkVideoFile(fileOfSize('a.mp4', 0, 'video/mp4'), true)).toBe(videoRefusals.empty);
    const big = { name: 'a.mp4', type: 'video/mp4', size: VIDEO_MAX_BYTES + 1 } as File;
    expect(checkVideoFile(big, true)).toBe(videoRefusals.tooBig);
  });
});

describe('videoDisplayName', () => {
  it('drops the storage prefix and folder', () => {
    expect(videoDisplayName('PET_VIDEO_12_1712345678901_paseo.mp4')).toBe('paseo.mp4');
    expect(videoDisplayName('videos/PET_VIDEO_12_1712345678901_mi_video.webm')).toBe('mi_video.webm');
    expect(videoDisplayName('otro.mp4')).toBe('otro.mp4');
  });
});

describe('formatBytes', () => {
  it('uses Spanish number format', () => {
    expect(formatBytes(820)).toBe('820 B');
    expect(formatBytes(148_500)).toBe('148,5 KB');
    expect(formatBytes(1_900_000)).toBe('1,9 MB');
  });
});
