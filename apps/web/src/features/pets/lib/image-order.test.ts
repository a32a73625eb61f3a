import { describe, expect, it } from 'vitest';
import { moveImage, orderImages } from './image-order';

describe('moveImage', () => {
  it('swaps an image with its neighbour', () => {
    expect(moveImage([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moveImage([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
  });

  it('keeps the order when the move would leave the list', () => {
    expect(moveImage([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveImage([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
    expect(moveImage([], 0, 1)).toEqual([]);
  });

  it('does not change the list it was given', () => {
    const ids = [1, 2];
    moveImage(ids, 0, 1);
    expect(ids).toEqual([1, 2]);
  });
});

describe('orderImages', () => {
  const images = [{ id: 1 }, { id: 2 }, { id: 3 }];

  it('puts the images in the order of the ids', () => {
    expect(orderImages(images, [3, 1, 2]).map((i) => i.id)).toEqual([3, 1, 2]);
  });

  it('keeps images the order does not name at the end, and skips ids of images that are gone', () => {
    expect(orderImages(images, [2, 9, 1]).map((i) => i.id)).toEqual([2, 1, 3]);
    expect(orderImages([], [1, 2])).toEqual([]);
  });
});
