import type { ListPetsResponse, PetListItem } from '@refugio/contracts';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { Component as Home } from './home';

const TOTAL = 30;

function pet(id: number): PetListItem {
  return {
    id,
    nombre: `Mascota ${id}`,
    edad: '2 años',
    tipo: 'Perro',
    genero: 'macho',
    tamano: 'mediano',
    adoptado: '0',
    discapacidad: '0',
    tags: '[]',
    estado: 'publicada',
    publicarEn: null,
    thumbnailUrl: null,
    version: 1,
    updatedAt: '2026-11-01T10:00:00.000Z',
    deletedAt: null,
    solicitudesAbiertas: 0,
    campos: {},
  };
}

describe('Home (pet list): pages', () => {
  it('a new page is a step in the history: Back returns to the page before, not out of the list', async () => {
    server.use(
      http.get('/api/auth/get-session', () =>
        HttpResponse.json({
          session: { id: 's', expiresAt: '2099-01-01T00:00:00.000Z' },
          user: { id: 'u', email: 'e@refugio.test', name: 'Elena', lastname: 'Equipo', role: 'Equipo' },
        }),
      ),
      http.get('/phpApi/mascotas', ({ request }) => {
        const query = new URL(request.url).searchParams;
        const page = Number(query.get('page') ?? '1');
        const pageSize = Number(query.get('pageSize') ?? '20');
        const first = (page - 1) * pageSize + 1;
        const ids = Array.from({ length: Math.max(0, Math.min(pageSize, TOTAL - first + 1)) }, (_, i) => first + i);
        const body: ListPetsResponse = { items: ids.map(pet), total: TOTAL, totalExact: true, page, pageSize };
        return HttpResponse.json(body);
      }),
    );
    const { user, router } = renderWithProviders(<Home />, { path: '/' });
    expect(await screen.findAllByText('Mascota 1')).not.toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(router.state.location.search).toContain('page=2'));
    expect(await screen.findAllByText('Mascota 21')).not.toHaveLength(0);

    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).not.toContain('page=2'));
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findAllByText('Mascota 1')).not.toHaveLength(0);
  });
});

describe('Home (pet list): what each role may use', () => {
  const list = () =>
    http.get('/phpApi/mascotas', () =>
      HttpResponse.json({ items: [pet(1)], total: 1, totalExact: true, page: 1, pageSize: 20 } satisfies ListPetsResponse),
    );
  const sessionOf = (role: string) =>
    http.get('/api/auth/get-session', () =>
      HttpResponse.json({
        session: { id: 's', expiresAt: '2099-01-01T00:00:00.000Z' },
        user: { id: 'u', email: 'x@refugio.test', name: 'Vera', lastname: 'Sanz', role },
      }),
    );

  it('offers a vet no "Agregar mascota" and no edit or delete on a row (they led to "No tienes permiso")', async () => {
    server.use(list(), sessionOf('Veterinaria'));
    renderWithProviders(<Home />);
    expect(await screen.findAllByRole('link', { name: 'Ver a Mascota 1' })).not.toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Agregar mascota' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Editar a Mascota 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Eliminar a Mascota 1' })).toBeNull();
  });

  it('offers the team both', async () => {
    server.use(list(), sessionOf('Equipo'));
    renderWithProviders(<Home />);
    expect(await screen.findByRole('link', { name: 'Agregar mascota' })).toBeInTheDocument();
    expect((await screen.findAllByRole('link', { name: 'Editar a Mascota 1' })).length).toBeGreaterThan(0);
  });
});
