import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { cssVariablesResolver, theme } from '../app/theme';

/** A fresh cache per test, without retries so an error answer shows at once. */
export function createTestQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
}

/** The providers the signed-in screens run under (app.tsx and the backend layout), with the app theme; `env="test"` turns off Mantine's transitions and portals. */
export function TestProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }}>
          <Notifications />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  /** Where the memory router starts; `ui` is rendered at this path. */
  path?: string;
  /** Other screens the test may navigate to (e.g. `{ path: '/lista', element: <h1>Lista</h1> }`). */
  routes?: RouteObject[];
  queryClient?: QueryClient;
}

/**
 * Renders one screen or component as the app would: Mantine with the app theme, a fresh TanStack Query
 * client, modals and toasts, inside a data router (so `useNavigate`, loaders and `<Link>` work). Returns
 * Testing Library's queries, a `user` (user-event) and the `router` to check where navigation went.
 */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', routes = [], queryClient = createTestQueryClient(), ...options }: RenderWithProvidersOptions = {},
) {
  const router = createMemoryRouter([{ path, element: ui }, ...routes], { initialEntries: [path] });
  const user = userEvent.setup();
  const result = render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
    options,
  );
  return { ...result, user, router, queryClient };
}

/** Runs a hook under the same providers (toasts and modals render into the document), for hooks that show UI. */
export function renderHookWithProviders<Result>(hook: () => Result, { queryClient = createTestQueryClient() }: { queryClient?: QueryClient } = {}) {
  const user = userEvent.setup();
  const result = renderHook(hook, {
    wrapper: ({ children }: { children: ReactNode }) => <TestProviders queryClient={queryClient}>{children}</TestProviders>,
  });
  return { ...result, user, queryClient };
}
