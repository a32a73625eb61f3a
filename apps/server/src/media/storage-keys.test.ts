import { describe, expect, it } from 'vitest';
import { imageKey, parseImageKey, thumbnailKey, videoKey } from './storage-keys';

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
});
