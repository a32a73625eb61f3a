import { CATALOGUE_FIRST_PAGE_ID, type PublicPet } from '@refugio/contracts';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../testing/server';
import { PublicApp } from '../app';

function pet(id: number, tipo: string): PublicPet {
  return {
    id,
    nombre: `${tipo} ${id}`,
    edad: '2 años',
    tipo,
    genero: 'macho',
    tamano: 'mediano',
    // The wire's '0'/'1': only pet 3 has a disability.
    discapacidad: id === 3 ? '1' : '0',
    personalidad: '',
    historia: '',
    tags: [],
    imagenPrincipal: null,
    imagenes: [],
    videos: [],
    miniatura: null,
    salud: { vacunado: false, desparasitado: false, esterilizado: false, microchip: false },
    miniaturas: [],
    campos: [],
  };
}

/** 30 pets, 12 a page; `tipo` narrows them. */
function answerCatalogue() {
  server.use(
    http.get('/api/public/mascotas', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const tipo = query.get('tipo');
      const all = Array.from({ length: 30 }, (_, i) => pet(i + 1, i % 2 === 0 ? 'Perro' : 'Gato')).filter((p) => !tipo || p.tipo === tipo);
      const page = Number(query.get('page') ?? '1');
      const pageSize = Number(query.get('pageSize') ?? '12');
      return HttpResponse.json({ items: all.slice((page - 1) * pageSize, page * pageSize), total: all.length, page, pageSize });
    }),
  );
}

async function back() {
  await act(async () => {
    window.history.back();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('/adopta: filters and pages are steps in the history', () => {
  beforeEach(() => {
    answerCatalogue();
    // Where the visitor came from, then the catalogue.
    window.history.replaceState(null, '', '/otra-web');
    window.history.pushState(null, '', '/adopta');
  });

  it("says 'Con discapacidad' only for the pet whose flag is '1'", async () => {
    render(<PublicApp />);
    expect(await screen.findByText('30 mascotas encontradas')).toBeInTheDocument();
    const marked = screen.getAllByText(/Con discapacidad/);
    expect(marked).toHaveLength(1);
    expect(marked[0]).toHaveTextContent('Perro');
  });

  it('Back after a filter and a page returns through them and stays in the catalogue', async () => {
    const user = userEvent.setup();
    render(<PublicApp />);
    expect(await screen.findByText('30 mascotas encontradas')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Tipo'), 'Gato');
    expect(await screen.findByText('15 mascotas encontradas')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Página 2 de 2')).toBeInTheDocument();
    expect(window.location.search).toBe('?tipo=Gato&page=2');

    await back();
    expect(window.location.pathname).toBe('/adopta');
    expect(window.location.search).toBe('?tipo=Gato');
    expect(await screen.findByText('Página 1 de 2')).toBeInTheDocument();

    await back();
    expect(window.location.pathname).toBe('/adopta');
    expect(window.location.search).toBe('');
    await waitFor(() => expect(screen.getByLabelText('Tipo')).toHaveValue(''));
    expect(await screen.findByText('30 mascotas encontradas')).toBeInTheDocument();
  });
});

describe('/adopta: the first page that came with the HTML', () => {
  let requests: string[];
  beforeEach(() => {
    requests = [];
    server.use(
      http.get('/api/public/mascotas', ({ request }) => {
        requests.push(new URL(request.url).search);
        return HttpResponse.json({ items: [pet(7, 'Gato')], total: 1, page: 1, pageSize: 12 });
      }),
    );
  });

  /** The element the server writes (its JSON escaped as the server escapes it). */
  function embed(items: PublicPet[], total: number) {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = CATALOGUE_FIRST_PAGE_ID;
    element.textContent = JSON.stringify({ items, total, page: 1, pageSize: 12 }).replace(
      /[<>&]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    document.body.append(element);
    return element;
  }

  it('shows it at once, without asking the server, when the address has no filters', async () => {
    const hostile = { ...pet(1, 'Perro'), nombre: '</script><script>alert(1)</script>' };
    const element = embed([hostile, pet(2, 'Gato')], 20);
    window.history.replaceState(null, '', '/adopta');
    render(<PublicApp />);
    // Already there on the first render: no loading state in between.
    expect(screen.getByText('20 mascotas encontradas')).toBeInTheDocument();
    expect(screen.getByText('</script><script>alert(1)</script>')).toBeInTheDocument();
    expect(element.isConnected).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toEqual([]);
  });

  it('is not used when the address has filters or a page: those are fetched', async () => {
    embed([pet(1, 'Perro'), pet(2, 'Gato')], 20);
    window.history.replaceState(null, '', '/adopta?tipo=Gato');
    render(<PublicApp />);
    expect(await screen.findByText('1 mascota encontrada')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toContain('tipo=Gato');
    document.getElementById(CATALOGUE_FIRST_PAGE_ID)?.remove();
  });

  it('falls back to the server when the element cannot be read', async () => {
    const element = embed([], 0);
    element.textContent = '{not json';
    window.history.replaceState(null, '', '/adopta');
    render(<PublicApp />);
    expect(await screen.findByText('1 mascota encontrada')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });
});

describe("a pet's page", () => {
  it("shows the organisation's own fields the server marked public, label and value", async () => {
    server.use(
      http.get('/api/public/mascotas/3', () =>
        HttpResponse.json({
          ...pet(3, 'Perro'),
          campos: [
            { etiqueta: 'Test de leishmania', valor: 'Negativo' },
            { etiqueta: 'Apto con gatos', valor: 'Sí' },
          ],
        }),
      ),
    );
    window.history.replaceState(null, '', '/adopta/3');
    render(<PublicApp />);
    const facts = await screen.findByLabelText('Más datos');
    expect(facts).toHaveTextContent('Test de leishmania');
    expect(facts).toHaveTextContent('Negativo');
    expect(facts).toHaveTextContent('Apto con gatos');
  });
});
