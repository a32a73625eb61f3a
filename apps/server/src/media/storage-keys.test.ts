import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STORED_NAME_MAX_URL_LENGTH, imageKey, newVideoName, parseImageKey, thumbnailKey, videoKey } from './storage-keys';
import { sanitizeVideoFileName } from './videos';

describe('storage keys', () => {
  it('parses an image key and its thumbnail key back to the same image', () => {
    expect(parseImageKey(imageKey(12, '1700000000000_ab12cd34.jpg'))).toEqual({
      petId: 12,
      fileName: '1700000000000_ab12cd34.jpg',
      isThumbnail: false,
    });
    expect(parseImageKey(thumbnailKey(12, '1700000000000_ab12cd34.jpg'))).toEqual({
      petId: 12,
      fileName: '1700000000000_ab12cd34.jpg',
      isThumbnail: true,
    });
  });

  it('does not take a key outside the image folder for an image', () => {
    expect(parseImageKey('videos/PET_VIDEO_1_1700000000000_a.mp4')).toBeUndefined();
    expect(parseImageKey('productos/x/foto.jpg')).toBeUndefined();
  });

  it("refuses a video name that is not the pet's own", () => {
    expect(videoKey(1, 'PET_VIDEO_1_1700000000000_a.mp4')).toBe('videos/PET_VIDEO_1_1700000000000_a.mp4');
    expect(videoKey(1, 'PET_VIDEO_12_1700000000000_a.mp4')).toBeUndefined();
    expect(videoKey(1, 'PET_VIDEO_1_1700000000000_../a.mp4')).toBeUndefined();
  });

  it("fits the longest name newVideoName can make, percent-encoded, in the router's limit on a parameter", () => {
    // The largest pet id (int4) and the latest instant a Date can hold: the longest prefix there can be.
    const longest = (safeName: string) => encodeURIComponent(newVideoName(2_147_483_647, new Date(8.64e15), safeName));
    for (const filler of ['a', 'ñ', '猫', '𝒜', 'ñ猫𝒜a']) {
      const url = longest(sanitizeVideoFileName(filler.repeat(200), 'webm'));
      expect(url.length, filler).toBeLessThanOrEqual(STORED_NAME_MAX_URL_LENGTH);
    }
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), fc.constantFrom('mp4', 'avi', 'mov', 'webm'), (original, ext) => {
        expect(longest(sanitizeVideoFileName(original, ext)).length).toBeLessThanOrEqual(STORED_NAME_MAX_URL_LENGTH);
      }),
      { numRuns: 500 },
    );
  });
});
