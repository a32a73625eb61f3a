import type { PublicationItem, SetPublicationInput } from '@refugio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { Component as Drafts } from './borradores';

const scheduled: PublicationItem = {
  id: 4,
  nombre: 'Nube',
  tipo: 'Gato',
  adoptado: false,
  thumbnailUrl: null,
  estado: 'programada',
  publicarEn: '2099-11-25T09:30:00.000Z',
  version: 3,
  updatedAt: '2026-11-20T10:00:00.000Z',
  updatedBy: null,
};

describe('Publicaciones Programadas: Publicar ahora', () => {
  it("can be undone from its toast: 'Deshacer' restores the previous state and time, from the published version", async () => {
    let current = scheduled;
    const sent: SetPublicationInput[] = [];
    server.use(
      http.get('/api/organizacion', () => HttpResponse.json({ zonaHoraria: 'Europe/Madrid' })),
      http.get('/api/publicaciones', () =>
        HttpResponse.json({ items: current.estado === 'publicada' ? [] : [current], total: 1, page: 1, pageSize: 50 }),
      ),
      http.post('/phpApi/mascota/4/publicacion', async ({ request }) => {
        const body = (await request.json()) as SetPublicationInput;
        sent.push(body);
        if (body.version !== current.version)
          return HttpResponse.json({ code: 'CONFLICT', message: 'Otra versión', requestId: 'x' }, { status: 409 });
        current = { ...current, estado: body.estado, publicarEn: body.publicarEn ?? null, version: current.version + 1 };
        return HttpResponse.json(current);
      }),
    );
    const { user } = renderWithProviders(<Drafts />, { path: '/borradores' });

    await user.click(await screen.findByRole('button', { name: 'Publicar ahora: Nube' }));
    const toast = (await screen.findByText('Nube ya es pública.')).closest<HTMLElement>('[role="alert"]');
    if (!toast) throw new Error('the text is not in a toast');
    await user.click(within(toast).getByRole('button', { name: 'Deshacer' }));

    expect(await screen.findByText('Nube vuelve a estar programada.')).toBeInTheDocument();
    expect(sent).toEqual([
      { estado: 'publicada', publicarEn: null, version: 3 },
      { estado: 'programada', publicarEn: '2099-11-25T09:30:00.000Z', version: 4 },
    ]);
    await waitFor(() => expect(current).toMatchObject({ estado: 'programada', publicarEn: scheduled.publicarEn }));
  });
});
