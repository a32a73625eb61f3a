import { ADOPTION_STATES, type AdoptionRequestListItem, type ListAdoptionRequestsResponse } from '@refugio/contracts';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { Component as ListaFormularios } from './lista-formularios';

const TOTAL = 45;

function item(id: number): AdoptionRequestListItem {
  return {
    id,
    estado: 'nueva',
    nombre: `Persona ${id}`,
    email: `persona${id}@example.com`,
    telefono: '600000000',
    ciudad: 'Madrid',
    mascota: { id: 1, nombre: 'Luna', tipo: 'Perro', genero: 'hembra', miniatura: null, adoptado: '0', eliminada: false },
    personaId: null,
    alerta: null,
    version: 1,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
  };
}

/** The list as the server pages it: TOTAL requests, `pageSize` a page. */
function answerPages() {
  const asked: URLSearchParams[] = [];
  server.use(
    // The pet filter's options (not opened here).
    http.get('/phpApi/mascotas', () => HttpResponse.json({ items: [], total: 0, totalExact: true, page: 1, pageSize: 20 })),
    http.get('/api/solicitudes-adopcion', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const page = Number(query.get('page') ?? '1');
      const pageSize = Number(query.get('pageSize') ?? '20');
      const first = (page - 1) * pageSize + 1;
      const ids = Array.from({ length: Math.max(0, Math.min(pageSize, TOTAL - first + 1)) }, (_, i) => first + i);
      const body: ListAdoptionRequestsResponse = {
        items: ids.map(item),
        total: TOTAL,
        page,
        pageSize,
        counts: Object.fromEntries(ADOPTION_STATES.map((s) => [s, s === 'nueva' ? TOTAL : 0])) as ListAdoptionRequestsResponse['counts'],
      };
      return HttpResponse.json(body);
    }),
  );
  return asked;
}

describe('ListaFormularios: pages', () => {
  it('a new page is a step in the history: Back returns to the page before, not out of the list', async () => {
    answerPages();
    const { user, router } = renderWithProviders(<ListaFormularios />, { path: '/formularios' });
    expect(await screen.findAllByText('Persona 1')).not.toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(router.state.location.search).toContain('page=2'));
    expect(await screen.findAllByText('Persona 21')).not.toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Página siguiente' }));
    await waitFor(() => expect(router.state.location.search).toContain('page=3'));

    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toContain('page=2'));
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/formularios'));
    expect(router.state.location.search).not.toContain('page=');
    expect(await screen.findAllByText('Persona 1')).not.toHaveLength(0);
  });

  it('the page size is named and changes what is asked', async () => {
    const asked = answerPages();
    const { user } = renderWithProviders(<ListaFormularios />, { path: '/formularios' });
    await screen.findAllByText('Persona 1');

    // Mantine names both the box and its list of options.
    await user.click(screen.getByLabelText('Solicitudes por página', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: '50 por página' }));
    await waitFor(() => expect(asked.at(-1)?.get('pageSize')).toBe('50'));
    expect(await screen.findAllByText('Persona 45')).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Página 2' })).toBeNull();
  });

  it('the search box writes to the address after a pause and its clear button empties both', async () => {
    const asked = answerPages();
    const { user, router } = renderWithProviders(<ListaFormularios />, { path: '/formularios' });
    await screen.findAllByText('Persona 1');

    const box = screen.getByRole('searchbox', { name: 'Buscar' });
    await user.type(box, 'ana');
    await waitFor(() => expect(router.state.location.search).toContain('q=ana'));
    await waitFor(() => expect(asked.at(-1)?.get('q')).toBe('ana'));

    await user.click(await screen.findByRole('button', { name: 'Limpiar búsqueda' }));
    expect(box).toHaveValue('');
    await waitFor(() => expect(router.state.location.search).not.toContain('q='));
  });
});
