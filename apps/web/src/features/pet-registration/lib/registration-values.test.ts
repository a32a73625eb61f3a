import { describe, expect, it } from 'vitest';
import { buildRegistrationBody, emptyRegistrationValues, filePercent, mediaQueue } from './registration-values';
import { checkMedia } from './media-checks';

const file = (name: string, size: number, type: string) => new File([new Uint8Array(size)], name, { type });

describe('registration body', () => {
  it('sends every text field before any file, in the order the server reads them', () => {
    const media = { image: file('p.jpg', 10, 'image/jpeg'), imagenes: [file('a.jpg', 5, 'image/jpeg')], videos: [file('v.webm', 7, 'video/webm')] };
    const body = buildRegistrationBody({ ...emptyRegistrationValues, nombre: 'Luna', enlaceId: 'abc' }, media);
    const names = [...body.keys()];
    const firstFile = names.indexOf('image');
    expect(names.slice(firstFile)).toEqual(['image', 'imagenes', 'videos']);
    expect(names.slice(0, firstFile)).toContain('enlaceId');
    expect(body.get('nombre')).toBe('Luna');
  });

  it('tells each file its own progress from the bytes sent', () => {
    const queue = mediaQueue({ image: file('p.jpg', 100, 'image/jpeg'), imagenes: [file('a.jpg', 200, 'image/jpeg')], videos: [] });
    expect(queue.map((q) => q.offset)).toEqual([0, 100]);
    expect(filePercent(queue[0]!, 50)).toBe(50);
    expect(filePercent(queue[1]!, 50)).toBe(0);
    expect(filePercent(queue[1]!, 200)).toBe(50);
    expect(filePercent(queue[0]!, 1000)).toBe(100);
  });
});

// The first bytes of real files: what the checks look at (the name and the browser's type are not trusted).
const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const WEBM = Array.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878104428581021853'.match(/../g) ?? [], (h) => parseInt(h, 16));
const withHead = (name: string, head: number[], size: number, type: string) => {
  const bytes = new Uint8Array(Math.max(size, head.length));
  bytes.set(head);
  return new File([bytes], name, { type });
};

describe('media checks', () => {
  it('applies the edit screen limits before sending, naming the file', async () => {
    expect((await checkMedia({ image: withHead('p.jpg', JPEG, 150_001, 'image/jpeg'), imagenes: [], videos: [] })).image).toBe(
      'p.jpg: El peso de la imagen debe ser menor a 150KB',
    );
    expect(
      (await checkMedia({ image: null, imagenes: [withHead('grande.jpg', JPEG, 2 * 1024 * 1024 + 1, 'image/jpeg')], videos: [] })).imagenes,
    ).toBe('grande.jpg: Cada imagen debe pesar como máximo 2MB.');
    expect(
      (await checkMedia({ image: null, imagenes: Array.from({ length: 11 }, () => withHead('a.jpg', JPEG, 10, 'image/jpeg')), videos: [] })).imagenes,
    ).toMatch(/como máximo 10/);
    expect((await checkMedia({ image: null, imagenes: [], videos: [file('v.exe', 1, 'application/x-msdownload')] })).videos).toMatch(
      /^v\.exe: .*MP4, AVI, MOV o WEBM/,
    );
    expect(
      await checkMedia({ image: withHead('p.jpg', JPEG, 1000, 'image/jpeg'), imagenes: [], videos: [withHead('v.webm', WEBM, 64, 'video/webm')] }),
    ).toEqual({});
  });

  it('refuses by content, whatever the name and type say', async () => {
    const textAsPhoto = new File(['no soy una foto'], 'gato.jpg', { type: 'image/jpeg' });
    expect((await checkMedia({ image: textAsPhoto, imagenes: [], videos: [] })).image).toBe(
      'gato.jpg: El archivo no es una imagen válida (JPEG, PNG, WebP, GIF o AVIF).',
    );
    expect((await checkMedia({ image: null, imagenes: [withHead('ok.jpg', JPEG, 10, 'image/jpeg'), textAsPhoto], videos: [] })).imagenes).toMatch(
      /^gato\.jpg: /,
    );
    const photoAsVideo = withHead('paseo.mp4', JPEG, 100, 'video/mp4');
    expect((await checkMedia({ image: null, imagenes: [], videos: [photoAsVideo] })).videos).toBe(
      'paseo.mp4: Solo se admiten videos MP4, AVI, MOV o WEBM.',
    );
  });
});
