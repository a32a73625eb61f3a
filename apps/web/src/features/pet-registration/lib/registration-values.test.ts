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

describe('media checks', () => {
  it('applies the edit screen limits before sending', () => {
    expect(checkMedia({ image: file('p.jpg', 150_001, 'image/jpeg'), imagenes: [], videos: [] }).image).toBe(
      'El peso de la imagen debe ser menor a 150KB',
    );
    expect(checkMedia({ image: null, imagenes: Array.from({ length: 11 }, () => file('a.jpg', 1, 'image/jpeg')), videos: [] }).imagenes).toMatch(
      /como máximo 10/,
    );
    expect(checkMedia({ image: null, imagenes: [], videos: [file('v.exe', 1, 'application/x-msdownload')] }).videos).toMatch(/MP4, AVI, MOV o WEBM/);
    expect(checkMedia({ image: file('p.jpg', 1000, 'image/jpeg'), imagenes: [], videos: [file('v.mov', 10, 'video/quicktime')] })).toEqual({});
  });
});
