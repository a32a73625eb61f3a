import { SAVE_SUCCESS_DELAY_MS } from '@refugio/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { runSaveSequence, type SaveSequenceDeps, type SaveStep } from './save-sequence';

function image(name: string, size = 10) {
  return new File([new Uint8Array(size)], name, { type: 'image/jpeg' });
}
function video(name: string) {
  return new File([new Uint8Array(10)], name, { type: 'video/webm' });
}

function makeDeps(calls: string[], overrides: Partial<SaveSequenceDeps> = {}): SaveSequenceDeps {
  return {
    uploadImage: vi.fn(async (petId: number, file: File, onProgress: (p: number) => void) => {
      calls.push(`image ${petId} ${file.name}`);
      onProgress(50);
    }),
    uploadVideo: vi.fn(async (petId: number, file: File) => {
      calls.push(`video ${petId} ${file.name}`);
    }),
    wait: vi.fn(async (ms: number) => {
      calls.push(`wait ${ms}`);
    }),
    log: vi.fn(),
    ...overrides,
  };
}

describe('runSaveSequence', () => {
  it('saves the fields, then each image, then each video, then waits 2 seconds', async () => {
    const calls: string[] = [];
    const deps = makeDeps(calls);
    const result = await runSaveSequence(
      {
        saveFields: async () => {
          calls.push('fields');
          return { id: 9, version: 4 };
        },
        images: [image('a.jpg'), image('b.jpg')],
        videos: [video('v.webm')],
      },
      deps,
    );
    expect(calls).toEqual(['fields', 'image 9 a.jpg', 'image 9 b.jpg', 'video 9 v.webm', `wait ${SAVE_SUCCESS_DELAY_MS}`]);
    expect(SAVE_SUCCESS_DELAY_MS).toBe(2000);
    expect(result).toEqual({ id: 9, version: 4, uploadedImages: 2, uploadedVideos: 1, failed: [] });
  });

  it('sends only real, non-empty files from the queues', async () => {
    const calls: string[] = [];
    const result = await runSaveSequence(
      {
        saveFields: async () => ({ id: 1, version: 2 }),
        images: [image('vacia.jpg', 0), null, 'x.jpg', new Blob(['x']), image('buena.jpg')],
        videos: [video('v.webm').slice(0, 0), undefined],
      },
      makeDeps(calls),
    );
    expect(calls).toEqual(['image 1 buena.jpg', 'wait 2000']);
    expect(result.uploadedImages).toBe(1);
    expect(result.uploadedVideos).toBe(0);
  });

  it('a failed image or video upload is logged and listed, but the save still succeeds', async () => {
    const calls: string[] = [];
    const deps = makeDeps(calls, {
      uploadImage: vi.fn(async (_id: number, file: File) => {
        if (file.name === 'mala.jpg') throw new ApiError({ status: 400, code: 'UNKNOWN', message: 'No es una imagen', hasServerMessage: true });
        calls.push(`image ${file.name}`);
      }),
      uploadVideo: vi.fn(async () => {
        throw new TypeError('boom');
      }),
    });
    const result = await runSaveSequence(
      { saveFields: async () => ({ id: 3 }), images: [image('mala.jpg'), image('buena.jpg')], videos: [video('v.webm')] },
      deps,
    );
    expect(calls).toEqual(['image buena.jpg', 'wait 2000']);
    expect(result.uploadedImages).toBe(1);
    expect(result.uploadedVideos).toBe(0);
    expect(result.failed).toEqual([
      { kind: 'image', name: 'mala.jpg', message: 'No es una imagen' },
      { kind: 'video', name: 'v.webm', message: 'Ocurrió un error inesperado en el servidor. Inténtalo de nuevo.' },
    ]);
    expect(deps.log).toHaveBeenCalledTimes(2);
  });

  it('with nothing to upload, success comes at once, without the wait', async () => {
    const calls: string[] = [];
    const result = await runSaveSequence({ saveFields: async () => ({ id: 5, version: 2 }), images: [], videos: [] }, makeDeps(calls));
    expect(result).toMatchObject({ id: 5, version: 2, uploadedImages: 0, uploadedVideos: 0 });
    expect(calls).toEqual([]);
  });

  it('a failure saving the fields fails the save and uploads nothing', async () => {
    const calls: string[] = [];
    const deps = makeDeps(calls);
    const conflict = new ApiError({ status: 409, code: 'CONFLICT', message: 'Otra persona guardó cambios.', hasServerMessage: true });
    await expect(
      runSaveSequence(
        {
          saveFields: async () => {
            throw conflict;
          },
          images: [image('a.jpg')],
          videos: [video('v.webm')],
        },
        deps,
      ),
    ).rejects.toBe(conflict);
    expect(calls).toEqual([]);
  });

  it('reports a progress bar per request', async () => {
    const snapshots: SaveStep[][] = [];
    await runSaveSequence(
      {
        saveFields: async (onProgress) => {
          onProgress(40);
          return { id: 2 };
        },
        images: [image('a.jpg')],
        videos: [],
      },
      makeDeps([]),
      (steps) => snapshots.push(steps),
    );
    expect(snapshots[0]?.map((s) => [s.kind, s.label, s.status])).toEqual([
      ['fields', 'Datos de la mascota', 'pending'],
      ['image', 'a.jpg', 'pending'],
    ]);
    expect(snapshots.some((steps) => steps[0]?.percent === 40 && steps[0].status === 'uploading')).toBe(true);
    expect(snapshots.some((steps) => steps[1]?.percent === 50)).toBe(true);
    expect(snapshots.at(-1)?.map((s) => [s.status, s.percent])).toEqual([
      ['done', 100],
      ['done', 100],
    ]);
  });
});
