import type { PendingWork } from '@refugio/contracts';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { PendingWorkList } from './pending-work-list';

const counts = { solicitudesNuevas: 0, solicitudesPublicacionPendientes: 0, publicacionesHoy: 0 };

describe('PendingWorkList: failed background jobs', { timeout: 20_000 }, () => {
  it('shows an administrator each failed job with its error, and queues it again on "Reintentar"', async () => {
    let pending: PendingWork = {
      ...counts,
      total: 1,
      trabajosFallidos: {
        total: 1,
        items: [
          { id: 9, titulo: 'Publicación de las mascotas programadas', intentos: 3, error: 'sin conexión', fallidoEn: '2026-03-05T12:00:00.000Z' },
        ],
      },
    };
    const retried: string[] = [];
    server.use(
      http.get('/api/pendientes', () => HttpResponse.json(pending)),
      http.post('/api/trabajos/:id/reintentar', ({ params }) => {
        retried.push(String(params.id));
        pending = { ...counts, total: 0, trabajosFallidos: { total: 0, items: [] } };
        return HttpResponse.json({ id: Number(params.id) });
      }),
    );
    const { user } = renderWithProviders(<PendingWorkList enabled onNavigate={() => undefined} />);
    expect(await screen.findByText('Trabajos en segundo plano fallidos: 1')).toBeInTheDocument();
    expect(screen.getByText('Publicación de las mascotas programadas')).toBeInTheDocument();
    expect(screen.getByText('Error: sin conexión')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar: Publicación de las mascotas programadas' }));
    await waitFor(() => expect(retried).toEqual(['9']));
    expect(await screen.findByText('Todo al día: no hay nada por revisar.')).toBeInTheDocument();
    expect(screen.queryByText(/fallidos/)).not.toBeInTheDocument();
  });

  it('shows staff (no list from the server) nothing about jobs', async () => {
    server.use(http.get('/api/pendientes', () => HttpResponse.json({ ...counts, solicitudesNuevas: 2, total: 2 })));
    renderWithProviders(<PendingWorkList enabled onNavigate={() => undefined} />);
    expect(await screen.findByRole('link', { name: /^Solicitudes de adopción nuevas\s*2$/ })).toBeInTheDocument();
    expect(screen.queryByText(/fallidos/)).not.toBeInTheDocument();
  });
});
