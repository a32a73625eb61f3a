import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { Component as ConfiguracionScreen } from './configuracion';

const org = (changes: Record<string, unknown> = {}) => ({
  nombre: null,
  email: null,
  telefono: null,
  direccion: null,
  web: null,
  zonaHoraria: 'Europe/Madrid',
  contacto: { nombre: null, email: null, telefono: null },
  correoConfigurado: false,
  version: 0,
  ...changes,
});

describe('Configuración', { timeout: 20_000 }, () => {
  it("asks for the organisation's contact while it lacks one", async () => {
    server.use(http.get('/api/organizacion', () => HttpResponse.json(org())));
    renderWithProviders(<ConfiguracionScreen />);
    expect(await screen.findByText('Falta el contacto de la organización')).toBeInTheDocument();
  });

  it('says nothing of it once there is a name and a way to reach it', async () => {
    server.use(http.get('/api/organizacion', () => HttpResponse.json(org({ nombre: 'Refugio Patitas', telefono: '+34911000000', version: 1 }))));
    renderWithProviders(<ConfiguracionScreen />);
    expect(await screen.findByLabelText(/^Nombre/)).toHaveValue('Refugio Patitas');
    expect(screen.queryByText('Falta el contacto de la organización')).not.toBeInTheDocument();
  });

  it("offers the catalogue's embed code, script and iframe with this server's address, each with a copy button", async () => {
    server.use(http.get('/api/organizacion', () => HttpResponse.json(org({ nombre: 'Refugio Patitas', email: 'hola@patitas.org', version: 1 }))));
    renderWithProviders(<ConfiguracionScreen />);
    const section = await screen.findByRole('region', { name: 'El catálogo en vuestra web' });
    const origin = window.location.origin;
    expect(within(section).getByLabelText('Script')).toHaveValue(
      `<div data-refugio-catalogo data-cantidad="12"></div>\n<script src="${origin}/embed.js" async></script>`,
    );
    expect(within(section).getByLabelText<HTMLTextAreaElement>('Iframe').value).toContain(`<iframe src="${origin}/adopta?embed=1"`);
    expect(within(section).getByRole('button', { name: 'Copiar el código (script)' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Copiar el código (iframe)' })).toBeInTheDocument();
  });
});
