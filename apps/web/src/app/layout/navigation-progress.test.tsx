import { act, render, renderHook, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, TestProviders } from '../../testing/render-with-providers';
import { useLayoutSettings } from './layout-settings';
import NavigationProgress, { NAVIGATION_PROGRESS_DELAY_MS } from './navigation-progress';

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

function renderApp(pages: Record<string, Promise<{ Component: () => React.ReactNode }>>) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <NavigationProgress />
            <Outlet />
          </>
        ),
        children: [{ index: true, element: <h1>Inicio</h1> }, ...Object.entries(pages).map(([path, code]) => ({ path, lazy: () => code }))],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <TestProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

const bar = () => screen.queryByRole('progressbar', { name: 'Cargando página' });

describe('NavigationProgress: a slow page change shows progress whatever the pageLoader setting', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setPageLoader(false);
  });
  afterEach(() => {
    vi.useRealTimers();
    setPageLoader(false);
  });

  it('shows a busy progress bar once a page change has taken 300 ms, and takes it away when the page is there', async () => {
    const slow = deferred<{ Component: () => React.ReactNode }>();
    const router = renderApp({ lenta: slow.promise });
    expect(await screen.findByRole('heading', { name: 'Inicio' })).toBeInTheDocument();

    await act(async () => {
      void router.navigate('/lenta');
    });
    await act(async () => {
      vi.advanceTimersByTime(NAVIGATION_PROGRESS_DELAY_MS - 50);
    });
    expect(bar()).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(60);
    });
    expect(bar()).toBeInTheDocument();
    expect(bar()).toHaveAttribute('aria-busy', 'true');

    await act(async () => slow.resolve({ Component: () => <h1>Lenta</h1> }));
    expect(await screen.findByRole('heading', { name: 'Lenta' })).toBeInTheDocument();
    expect(bar()).toBeNull();
  });

  it('shows nothing for a quick page change', async () => {
    const quick = deferred<{ Component: () => React.ReactNode }>();
    const router = renderApp({ rapida: quick.promise });
    expect(await screen.findByRole('heading', { name: 'Inicio' })).toBeInTheDocument();

    await act(async () => {
      void router.navigate('/rapida');
    });
    await act(async () => {
      vi.advanceTimersByTime(100);
    });
    await act(async () => quick.resolve({ Component: () => <h1>Rápida</h1> }));
    expect(await screen.findByRole('heading', { name: 'Rápida' })).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(NAVIGATION_PROGRESS_DELAY_MS * 2);
    });
    expect(bar()).toBeNull();
  });

  it("leaves a slow page change to the page loader's spinner when the setting is on", async () => {
    setPageLoader(true);
    const slow = deferred<{ Component: () => React.ReactNode }>();
    const router = renderApp({ lenta: slow.promise });
    expect(await screen.findByRole('heading', { name: 'Inicio' })).toBeInTheDocument();
    await act(async () => {
      void router.navigate('/lenta');
    });
    await act(async () => {
      vi.advanceTimersByTime(NAVIGATION_PROGRESS_DELAY_MS * 2);
    });
    expect(bar()).toBeNull();
    await act(async () => slow.resolve({ Component: () => <h1>Lenta</h1> }));
  });
});
