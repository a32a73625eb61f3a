import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { server } from '../../testing/server';
import { useLayoutSettings } from './layout-settings';
import { SideOverlay } from './side-overlay';

function Settings() {
  const [settings] = useLayoutSettings();
  return <output aria-label="Ajustes">{JSON.stringify(settings)}</output>;
}

describe('SideOverlay: Restablecer diseño', () => {
  afterEach(() => localStorage.clear());

  it('restores the default layout and the light theme', async () => {
    server.use(http.get('/api/auth/get-session', () => HttpResponse.json(null)));
    const { user } = renderWithProviders(
      <>
        <SideOverlay opened onClose={() => {}} />
        <Settings />
      </>,
    );
    const dialog = await screen.findByRole('dialog');
    const theme = within(dialog).getByRole('radiogroup', { name: 'Tema' });
    await user.click(within(theme).getByRole('radio', { name: 'Oscuro' }));
    expect(within(theme).getByRole('radio', { name: 'Oscuro' })).toBeChecked();
    await user.click(within(dialog).getByRole('switch', { name: /Menú lateral compacto/ }));
    expect(screen.getByLabelText('Ajustes')).toHaveTextContent('"sidebarMini":true');

    await user.click(within(dialog).getByRole('button', { name: 'Restablecer diseño' }));
    expect(within(theme).getByRole('radio', { name: 'Claro' })).toBeChecked();
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(screen.getByLabelText('Ajustes')).toHaveTextContent('"sidebarMini":false');
  });
});
