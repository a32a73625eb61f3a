import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAddressParams } from './use-address-params';

/** The hook in a data router whose loader runs on every change of the address, as the signed-in screens' does. */
function setup(initial: string) {
  let hook: ReturnType<typeof useAddressParams> | undefined;
  function Probe() {
    hook = useAddressParams();
    return <output>{hook[0].toString()}</output>;
  }
  const router = createMemoryRouter([{ path: '/', loader: async () => null, HydrateFallback: () => null, Component: Probe }], {
    initialEntries: [initial],
  });
  render(<RouterProvider router={router} />);
  const set = (key: string, value: string) => (current: URLSearchParams) => {
    current.set(key, value);
    return current;
  };
  return {
    router,
    set,
    update: (...args: Parameters<ReturnType<typeof useAddressParams>[1]>) => hook![1](...args),
  };
}

describe('useAddressParams', () => {
  it('keeps both of two updates made before the screen renders again (a filter, then the search box)', async () => {
    const { router, set, update } = setup('/?page=2');
    await screen.findByText('page=2');
    act(() => {
      update(set('tipo', 'Conejo'), { replace: true });
      update(set('tag', 'tranquilo'), { replace: true });
    });
    await waitFor(() => expect(router.state.location.search).toBe('?page=2&tipo=Conejo&tag=tranquilo'));
    expect(await screen.findByText('page=2&tipo=Conejo&tag=tranquilo')).toBeTruthy();
  });

  it('starts from the address once it has moved elsewhere (the back button, a link), not from an earlier update', async () => {
    const { router, set, update } = setup('/?page=2');
    await screen.findByText('page=2');
    act(() => update(set('tipo', 'Conejo')));
    await screen.findByText('page=2&tipo=Conejo');
    // Back to the very address the earlier update started from.
    await act(() => router.navigate('/?page=2'));
    await screen.findByText('page=2');
    act(() => update(set('tag', 'tranquilo')));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2&tag=tranquilo'));
  });

  it('passes the navigation options on: a page change is a step Back can undo', async () => {
    const { router, set, update } = setup('/?q=luna');
    await screen.findByText('q=luna');
    act(() => update(set('page', '2')));
    await screen.findByText('q=luna&page=2');
    act(() => update(set('page', '3'), { replace: true }));
    await screen.findByText('q=luna&page=3');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe('?q=luna'));
  });
});
