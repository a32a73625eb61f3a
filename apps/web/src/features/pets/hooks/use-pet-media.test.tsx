import { petMessages } from '@refugio/contracts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePetMedia } from './use-pet-media';

// Real magic bytes: the main image is checked by its content.
const image = (name = 'foto.jpg') => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0])], name, { type: 'image/jpeg' });
const video = (name = 'paseo.mp4') => new File([new Uint8Array(10)], name, { type: 'video/mp4' });

describe('usePetMedia', () => {
  let created: string[];
  let revoked: string[];
  beforeEach(() => {
    created = [];
    revoked = [];
    let n = 0;
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
      const url = `blob:test/${(n += 1)}`;
      created.push(url);
      return url;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
  });
  afterEach(() => vi.restoreAllMocks());

  it('keeps a valid main image with a preview, and revokes the previous preview when replaced', async () => {
    const { result } = renderHook(() => usePetMedia());
    await act(() => result.current.chooseMainImage(image('a.jpg')));
    expect(result.current.mainImage?.file.name).toBe('a.jpg');
    expect(result.current.mainImage?.url).toBe('blob:test/1');

    await act(() => result.current.chooseMainImage(image('b.jpg')));
    expect(result.current.mainImage?.file.name).toBe('b.jpg');
    expect(revoked).toEqual(['blob:test/1']);
  });

  it('refuses a file that is not an image by its content, names it and keeps the previous choice', async () => {
    const { result } = renderHook(() => usePetMedia());
    await act(() => result.current.chooseMainImage(image('a.jpg')));
    await act(() => result.current.chooseMainImage(new File(['x'], 'notas.txt', { type: 'text/plain' })));
    expect(result.current.mainImageError).toBe(`notas.txt: ${petMessages.notAnImage}`);
    // A name and a type that say "image" do not make it one.
    await act(() => result.current.chooseMainImage(new File(['<svg/>'], 'falsa.jpg', { type: 'image/jpeg' })));
    expect(result.current.mainImageError).toBe(`falsa.jpg: ${petMessages.notAnImage}`);
    expect(result.current.mainImage?.file.name).toBe('a.jpg');
    expect(created).toHaveLength(1);
  });

  it('queues images and videos, and removing one revokes only its preview', () => {
    const { result } = renderHook(() => usePetMedia());
    act(() => result.current.addImages([image('1.jpg'), image('2.jpg')]));
    act(() => result.current.addVideo(video()));
    expect(result.current.queuedImages.map((q) => q.file.name)).toEqual(['1.jpg', '2.jpg']);
    expect(result.current.queuedVideos.map((q) => q.file.name)).toEqual(['paseo.mp4']);

    const first = result.current.queuedImages[0]!;
    act(() => result.current.removeImage(first.id));
    expect(result.current.queuedImages.map((q) => q.file.name)).toEqual(['2.jpg']);
    expect(revoked).toEqual([first.url]);
  });

  it('clear drops every chosen file and revokes every preview', async () => {
    const { result } = renderHook(() => usePetMedia());
    await act(() => result.current.chooseMainImage(image()));
    act(() => result.current.addImages([image('1.jpg')]));
    act(() => result.current.addVideo(video()));
    act(() => result.current.clear());
    expect(result.current.mainImage).toBeNull();
    expect(result.current.queuedImages).toEqual([]);
    expect(result.current.queuedVideos).toEqual([]);
    expect(revoked.sort()).toEqual([...created].sort());
  });

  it('revokes the previews still queued when the form unmounts', () => {
    const { result, unmount } = renderHook(() => usePetMedia());
    act(() => result.current.addImages([image('1.jpg'), image('2.jpg')]));
    unmount();
    expect(revoked.sort()).toEqual([...created].sort());
  });
});
