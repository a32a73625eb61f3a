import { IMAGES_PER_UPLOAD, IMAGE_MAX_BYTES, MAIN_IMAGE_MAX_BYTES, VIDEO_MAX_BYTES, petMessages } from '@refugio/contracts';
import { describe, expect, it } from 'vitest';
import {
  checkMainImage,
  checkVideoFile,
  formatBytes,
  imageRefusals,
  isRealFile,
  splitImageSelection,
  uploadableFiles,
  videoDisplayName,
  videoRefusals,
} from './media-rules';

function fileOfSize(name: string, size: number, type: string): File {
  return new File([new Uint8Array(size)], name, { type });
}

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

describe('checkMainImage', () => {
  it('allows an image of exactly 150000 bytes and refuses one byte more with the SPEC alert', () => {
    expect(checkMainImage(fileOfSize('a.jpg', MAIN_IMAGE_MAX_BYTES, 'image/jpeg'))).toBeNull();
    expect(checkMainImage(fileOfSize('a.jpg', MAIN_IMAGE_MAX_BYTES + 1, 'image/jpeg'))).toBe('El peso de la imagen debe ser menor a 150KB');
  });

  it('refuses what is not an image', () => {
    expect(checkMainImage(fileOfSize('a.pdf', 10, 'application/pdf'))).toBe(petMessages.notAnImage);
  });
});

describe('splitImageSelection', () => {
  it('accepts images up to 2MB and explains each refusal', () => {
    const ok = fileOfSize('ok.png', 100, 'image/png');
    const limit = fileOfSize('limite.jpg', IMAGE_MAX_BYTES, 'image/jpeg');
    const big = fileOfSize('grande.jpg', IMAGE_MAX_BYTES + 1, 'image/jpeg');
    const text = fileOfSize('nota.txt', 10, 'text/plain');
    const empty = fileOfSize('vacia.png', 0, 'image/png');
    expect(splitImageSelection([ok, limit, big, text, empty])).toEqual({
      accepted: [ok, limit],
      refused: [
        { name: 'grande.jpg', reason: imageRefusals.tooBig },
        { name: 'nota.txt', reason: imageRefusals.notAnImage },
        { name: 'vacia.png', reason: imageRefusals.empty },
      ],
    });
  });

  it(`accepts at most ${IMAGES_PER_UPLOAD} files counting those already queued`, () => {
    const files = Array.from({ length: 12 }, (_, i) => fileOfSize(`f${i}.jpg`, 10, 'image/jpeg'));
    const first = splitImageSelection(files);
    expect(first.accepted).toHaveLength(IMAGES_PER_UPLOAD);
    expect(first.refused.map((r) => r.name)).toEqual(['f10.jpg', 'f11.jpg']);
    expect(first.refused[0]?.reason).toBe(imageRefusals.tooMany);
    expect(splitImageSelection(files.slice(0, 3), 8).accepted).toHaveLength(2);
  });
});

describe('checkVideoFile', () => {
  it('accepts MP4, AVI, MOV and WEBM by extension or type', () => {
    for (const [name, type] of [
      ['a.mp4', 'video/mp4'],
      ['b.AVI', ''],
      ['c.mov', 'video/quicktime'],
      ['d.webm', 'video/webm'],
      ['sin-extension', 'video/webm'],
    ] as const) {
      expect(checkVideoFile(fileOfSize(name, 10, type))).toBeNull();
    }
  });

  it('refuses other types, empty files and files over 50MB', () => {
    expect(checkVideoFile(fileOfSize('a.mkv', 10, 'video/x-matroska'))).toBe(videoRefusals.notAVideo);
    expect(checkVideoFile(fileOfSize('a.jpg', 10, 'image/jpeg'))).toBe(videoRefusals.notAVideo);
    expect(checkVideoFile(fileOfSize('a.mp4', 0, 'video/mp4'))).toBe(videoRefusals.empty);
    const big = { name: 'a.mp4', type: 'video/mp4', size: VIDEO_MAX_BYTES + 1 } as File;
    expect(checkVideoFile(big)).toBe(videoRefusals.tooBig);
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
