import { IDEMPOTENCY_KEY_HEADER } from '@refugio/contracts';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { NetworkError } from '../../../lib/api-client';
import { renderHookWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { usePetSave } from './use-pet-save';

function petForm(nombre: string) {
  const body = new FormData();
  body.append('nombre', nombre);
  body.append('edad', '2 años');
  return body;
}

describe('usePetSave', () => {
  it('sends a create again after a network failure with the same Idempotency-Key, and a new create with a new one', async () => {
    const keys: (string | null)[] = [];
    let failNext = true;
    server.use(
      http.post('/phpApi/mascota/nueva', ({ request }) => {
        keys.push(request.headers.get(IDEMPOTENCY_KEY_HEADER));
        if (failNext) {
          failNext = false;
          return HttpResponse.error();
        }
        return HttpResponse.json({ status: 'OK', id: 41, version: 1 });
      }),
    );
    const { result } = renderHookWithProviders(() => usePetSave());
    const save = (nombre: string) => result.current.save({ petId: null, body: petForm(nombre), images: [], videos: [] });

    await expect(save('Luna')).rejects.toBeInstanceOf(NetworkError);
    await expect(save('Luna')).resolves.toMatchObject({ id: 41 });
    await expect(save('Luna')).resolves.toMatchObject({ id: 41 });
    failNext = true;
    await expect(save('Luna')).rejects.toBeInstanceOf(NetworkError);
    await expect(save('Sol')).resolves.toMatchObject({ id: 41 });

    expect(keys).toHaveLength(5);
    expect(keys.every((k) => k !== null && /^[0-9a-f]{32}$/.test(k))).toBe(true);
    // The retry after the failure reused the key; the create after a success, and a changed form, did not.
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(keys[3]).not.toBe(keys[2]);
    expect(keys[4]).not.toBe(keys[3]);
  });
});
