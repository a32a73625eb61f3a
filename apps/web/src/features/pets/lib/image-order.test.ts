import { describe, expect, it } from 'vitest';
import { moveImage } from './image-order';

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
