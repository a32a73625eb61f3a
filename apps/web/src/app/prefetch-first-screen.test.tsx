import type { ListPetsResponse } from '@refugio/contracts';
import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSignIn } from '../features/auth/api/sign-in';
import { listPetsQueryOptions } from '../features/pets/api/list-pets';
import { defaultPetsListParams } from '../features/pets/lib/pets-list-params';
import { createTestQueryClient, renderHookWithProviders } from '../testing/render-with-providers';
import { server } from '../testing/server';
import { prefetchFirstScreenOnSignIn } from './prefetch-first-screen';

const emptyList: ListPetsResponse = { items: [], total: 0, totalExact: true, page: 1, pageSize: 20 };

describe('the first screen after sign-in', { timeout: 20_000 }, () => {
  it('asks for the first page of the pet list while the session is still being read (no waterfall)', async () => {
    let listRequested: () => void = () => undefined;
    const listSeen = new Promise<void>((resolve) => (listRequested = resolve));
    const order: string[] = [];
    server.use(
      http.post('/api/auth/sign-in/email', () => HttpResponse.json({ ok: true })),
      // The session answer waits until the list has been asked for; without the prefetch it gives up after a while.
      http.get('/api/auth/get-session', async () => {
        order.push('session asked');
        const seen = await Promise.race([listSeen.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), 3000))]);
        order.push(seen ? 'session answered after the list was asked' : 'session answered, no list asked');
        return HttpResponse.json({ user: { id: 'u1', email: 'ana@refugio.test', name: 'Ana', lastname: 'Ruiz', role: 'Equipo' } });
      }),
      http.get('/phpApi/mascotas', () => {
        order.push('list asked');
        listRequested();
        return HttpResponse.json(emptyList);
      }),
    );
    const queryClient = createTestQueryClient();
    prefetchFirstScreenOnSignIn(queryClient);
    const { result } = renderHookWithProviders(() => useSignIn(), { queryClient });

    act(() => result.current.mutate({ email: 'ana@refugio.test', password: 'una clave larga' }));

    await waitFor(() => expect(result.current.isSuccess).toBe(true), { timeout: 5000 });
    expect(order).toContain('session answered after the list was asked');
    await waitFor(() => expect(queryClient.getQueryData(listPetsQueryOptions(defaultPetsListParams).queryKey)).toEqual(emptyList));
  });
});
