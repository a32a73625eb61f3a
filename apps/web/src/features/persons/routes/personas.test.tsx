import type { ListPersonsResponse, Person } from '@refugio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { person } from '../../../testing/person-fixture';
import { server } from '../../../testing/server';
import { Component as Personas } from './personas';

/** The server's list: everyone whose name holds `q`; `duplicados=true` keeps those with a possible duplicate. */
function answerList(persons: Person[]) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('/api/personas', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const q = (query.get('q') ?? '').toLowerCase();
      const items = persons.filter(
        (p) =>
          (q === '' || p.nombre.toLowerCase().includes(q)) &&
          (query.get('duplicados') !== 'true' || p.posiblesDuplicados > 0) &&
          (!query.get('rol') || p.roles.includes(query.get('rol') as Person['roles'][number])),
      );
      const body: ListPersonsResponse = { items, total: items.length, page: 1, pageSize: 20 };
      return HttpResponse.json(body);
    }),
  );
  return asked;
}

describe('Personas', () => {
  it('lists persons with their roles and marks the possible duplicates in words', async () => {
    answerList([person(1), person(2, { nombre: 'Bruno', posiblesDuplicados: 1, roles: ['voluntario', 'socio'] })]);
    renderWithProviders(<Personas />, { path: '/personas' });

    const bruno = await screen.findByRole('link', { name: 'Bruno García' });
    expect(bruno).toHaveAttribute('href', '/personas/2');
    const row = bruno.closest('tr') ?? bruno.closest('[role="listitem"]');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('Posible duplicado')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByText('Voluntario/a')).toBeInTheDocument();
    expect(screen.getByText('2 personas')).toBeInTheDocument();
  });

  it('prints each phone as people write it, on one line', async () => {
    answerList([person(3, { nombre: 'Carmen', telefono: '+34976123456' })]);
    renderWithProviders(<Personas />, { path: '/personas' });
    await screen.findByRole('link', { name: /Carmen/ });
    const phones = screen.getAllByText('+34 976 12 34 56');
    expect(phones.length).toBeGreaterThan(0);
    for (const phone of phones) expect(phone).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(screen.queryByText(/\+34976123456/)).not.toBeInTheDocument();
  });

  it('searches after a pause in typing: the address and the list follow the whole word', async () => {
    const asked = answerList([person(1, { nombre: 'Ángela' }), person(2, { nombre: 'Bruno' })]);
    const { user, router } = renderWithProviders(<Personas />, { path: '/personas' });
    await screen.findByRole('link', { name: 'Bruno García' });
    const before = asked.length;

    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'bru');
    await waitFor(() => expect(router.state.location.search).toContain('q=bru'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Ángela García' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Bruno García' })).toBeInTheDocument();
    // Asked after pauses in typing (how many depends on the typing speed), the last one for the whole word: on a busy
    // machine the list may already show the answer for "br" while the request for "bru" is on its way.
    const searched = () => asked.slice(before).map((q) => q.get('q') ?? '');
    await waitFor(() => expect(searched().at(-1)).toBe('bru'));
    expect(searched().every((q) => 'bru'.startsWith(q))).toBe(true);
  });

  it('"Posibles duplicados" asks the server for them only, and says when none match', async () => {
    const asked = answerList([person(1)]);
    const { user } = renderWithProviders(<Personas />, { path: '/personas' });
    await screen.findByRole('link', { name: 'Ana1 García' });

    await user.click(screen.getByRole('switch', { name: 'Posibles duplicados' }));
    expect(await screen.findByText('Ninguna persona coincide con la búsqueda o los filtros.')).toBeInTheDocument();
    expect(asked.at(-1)?.get('duplicados')).toBe('true');
  });
});
