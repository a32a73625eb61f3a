import { MantineProvider } from '@mantine/core';
import { modals } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from '../theme';
import { createTestQueryClient } from '../../testing/render-with-providers';
import './early-modal-events';
import AppOverlays from './app-overlays';

describe('a dialog asked for before the overlays have loaded', () => {
  it('opens once they mount, instead of being lost', async () => {
    // A tap on the first screen before the lazily loaded provider listens.
    modals.open({ title: 'Marcar como adoptada', children: 'Quién la adopta' });

    const router = createMemoryRouter([{ path: '/', element: <AppOverlays /> }]);
    render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
        <QueryClientProvider client={createTestQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>,
    );

    expect(await screen.findByRole('dialog', { name: 'Marcar como adoptada' })).toBeInTheDocument();
    expect(screen.getByText('Quién la adopta')).toBeInTheDocument();
  });
});
