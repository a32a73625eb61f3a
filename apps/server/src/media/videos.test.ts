import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeVideoFileName } from './videos';
import { assertValidKey } from '../storage/storage-provider';

describe('sanitizeVideoFileName', () => {
  it('always gives a safe, bounded storage name with the proven extension', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), fc.constantFrom('mp4', 'avi', 'mov', 'webm'), (original, ext) => {
        const name = sanitizeVideoFileName(original, ext);
        expect(name.endsWith(`.${ext}`)).toBe(true);
        expect(name).not.toMatch(/[/\\]/);
        // eslint-disable-next-line no-control-regex -- asserting their absence
        expect(name).not.toMatch(/[\u0000-\u001f\u007f]/);
        expect(name.startsWith('.')).toBe(false);
        expect(Buffer.byteLength(name)).toBeLessThanOrEqual(120);
        expect(() => assertValidKey(`videos/PET_VIDEO_1_1700000000000_${name}`)).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    ['paseo.mp4', 'mp4', 'paseo.mp4'],
    ['Mi perro Ñandú.MOV', 'mov', 'Mi_perro_Ñandú.mov'],
    ['../../secreto.mp4', 'mp4', 'secreto.mp4'],
    ['C:\\fotos\\gato.webm', 'webm', 'gato.webm'],
    ['', 'avi', 'video.avi'],
    ['.mp4', 'mp4', 'video.mp4'],
  ])('%j -> %j', (original, ext, expected) => {
    expect(sanitizeVideoFileName(original, ext)).toBe(expected);
  });
});
