import { personTexts } from '@refugio/contracts';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { person } from '../../../testing/person-fixture';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { PortalLinkCard } from './portal-link-card';

const foster = (changes: Parameters<typeof person>[1] = {}) => person(5, { nombre: 'Marta', roles: ['acogida'], ...changes });

describe('PortalLinkCard: the foster portal link on the person page', { timeout: 20_000 }, () => {
  it('offers "Revocar enlace" only while a link works, and again once one is made', async () => {
    let activo = false;
    server.use(
      http.get('/api/personas/:id/portal', () => HttpResponse.json({ activo, venceEn: activo ? '2026-12-27T10:00:00.000Z' : null })),
      http.post('/api/personas/:id/portal', () => {
        activo = true;
        return HttpResponse.json({ url: 'https://refugio.example/portal/abc', venceEn: '2026-12-27T10:00:00.000Z' });
      }),
    );
    const { user } = renderWithProviders(<PortalLinkCard person={foster()} />);
    expect(await screen.findByRole('button', { name: 'Crear enlace' })).toBeEnabled();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Revocar enlace' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Crear enlace' }));
    expect(await screen.findByRole('button', { name: 'Revocar enlace' })).toBeInTheDocument();
    expect(screen.getByLabelText('Enlace del portal')).toHaveValue('https://refugio.example/portal/abc');
  });

  it('shows "Revocar enlace" for a link made earlier, whose address is no longer shown', async () => {
    server.use(http.get('/api/personas/:id/portal', () => HttpResponse.json({ activo: true, venceEn: '2026-12-27T10:00:00.000Z' })));
    renderWithProviders(<PortalLinkCard person={foster()} />);
    expect(await screen.findByRole('button', { name: 'Revocar enlace' })).toBeInTheDocument();
    expect(screen.getByText(/Tiene un enlace que funciona hasta el/)).toBeInTheDocument();
  });

  it('disables "Enviar por WhatsApp" without the person\'s consent, and says why', async () => {
    server.use(http.get('/api/personas/:id/portal', () => HttpResponse.json({ activo: false, venceEn: null })));
    renderWithProviders(<PortalLinkCard person={foster({ consentimientos: { email: true, whatsapp: false } })} />);
    const whatsapp = screen.getByRole('button', { name: 'Enviar por WhatsApp' });
    expect(whatsapp).toBeDisabled();
    expect(whatsapp).toHaveAccessibleDescription(`Enviar por WhatsApp: ${personTexts.whatsappNoConsent}`);
    expect(screen.getByRole('button', { name: 'Enviar por correo' })).toBeEnabled();
  });
});
