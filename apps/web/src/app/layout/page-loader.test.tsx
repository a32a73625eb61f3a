import { useQuery } from '@tanstack/react-query';
import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestQueryClient, TestProviders } from '../../testing/render-with-providers';
import { useLayoutSettings } from './layout-settings';
import PageLoader from './page-loader';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function setPageLoader(on: boolean) {
  const { result, unmount } = renderHook(() => useLayoutSettings());
  act(() => result.current[1]({ pageLoader: on }));
  unmount();
}

const spinner = () => screen.queryByText('Cargando página...');

describe('PageLoader (the pageLoader setting, SPEC section 2)', () => {
  beforeEach(() => setPageLoader(true));
  afterEach(() => setPageLoader(false));

  it("shows during a page change while the next page's code loads, then while its first data loads, and not for a search on the settled page", async () => {
    const code = deferred<{ Component: () => React.ReactNode }>();
    const pets = deferred<string[]>();
    const search = deferred<string[]>();

    function Pets() {
      const [q, setQ] = useState('');
      const list = useQuery({ queryKey: ['pets', q], queryFn: () => (q === '' ? pets.promise : search.promise) });
      return (
        <>
          <h1>Mascotas</h1>
          <button type="button" onClick={() => setQ('luna')}>
            Buscar
          </button>
          <p>{list.data ? list.data.join(', ') : 'sin datos'}</p>
        </>
      );
    }

    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <>
              <PageLoader />
              <Outlet />
            </>
          ),
          children: [
            { index: true, element: <Link to="/mascotas">Ir a mascotas</Link> },
            { path: 'mascotas', lazy: () => code.promise },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    const user = userEvent.setup();
    render(
      <TestProviders queryClient={createTestQueryClient()}>
        <RouterProvider router={router} />
      </TestProviders>,
    );
    expect(spinner()).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Ir a mascotas' }));
    // The page's code is loading.
    expect(await screen.findByText('Cargando página...')).toBeInTheDocument();

    await act(async () => code.resolve({ Component: Pets }));
    expect(await screen.findByRole('heading', { name: 'Mascotas' })).toBeInTheDocument();
    // The code is there; its data is not yet.
    expect(screen.getByText('sin datos')).toBeInTheDocument();
    expect(screen.getByText('Cargando página...')).toBeInTheDocument();

    await act(async () => pets.resolve(['Rex', 'Toby']));
    expect(await screen.findByText('Rex, Toby')).toBeInTheDocument();
    expect(spinner()).toBeNull();

    // On the settled page, a search shows its own progress; the page loader stays away.
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(spinner()).toBeNull();
    await act(async () => search.resolve(['Luna']));
    expect(await screen.findByText('Luna')).toBeInTheDocument();
    expect(spinner()).toBeNull();
  });

  it('shows nothing when the setting is off', async () => {
    setPageLoader(false);
    const code = deferred<{ Component: () => React.ReactNode }>();
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <>
              <PageLoader />
              <Outlet />
            </>
          ),
          children: [
            { index: true, element: <Link to="/otra">Ir</Link> },
            { path: 'otra', lazy: () => code.promise },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    const user = userEvent.setup();
    render(
      <TestProviders queryClient={createTestQueryClient()}>
        <RouterProvider router={router} />
      </TestProviders>,
    );
    await user.click(screen.getByRole('link', { name: 'Ir' }));
    expect(spinner()).toBeNull();
    await act(async () => code.resolve({ Component: () => <h1>Otra</h1> }));
    expect(await screen.findByRole('heading', { name: 'Otra' })).toBeInTheDocument();
  });
});
