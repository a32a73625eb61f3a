import type { FosterNews } from '@refugio/contracts';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { Component as NovedadesAcogida } from './novedades-acogida';

/* Spanish number formats (issue 33, section 5): a weight a foster sent reads "1,9 kg", never "1.9 kg". */

const news: FosterNews = {
  id: 4,
  estado: 'pendiente',
  mascota: { id: 1, nombre: 'Luna' },
  persona: { id: 2, nombre: 'Ana Gil' },
  texto: 'Come muy bien',
  pesoKg: 1.9,
  cuidado: null,
  fotos: [],
  creadoEn: '2026-11-20T10:00:00.000Z',
  decididoEn: null,
};

describe('Novedades de acogida', () => {
  it('shows the weight with a decimal comma, in the card and in the confirmation', async () => {
    server.use(http.get('/api/novedades', () => HttpResponse.json({ items: [news] })));
    const { user } = renderWithProviders(<NovedadesAcogida />);
    expect(await screen.findByText('Peso: 1,9 kg')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText(/Se registrará el peso \(1,9 kg\)\./)).toBeInTheDocument();
  });
});
