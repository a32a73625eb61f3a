import type { ListPetsResponse, PetListItem } from '@refugio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { customField, customFieldsHandler } from '../../../testing/custom-field-fixture';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { petListColumnsStorageKey } from '../lib/pet-list-columns';
import { Component as Home } from './home';

type HappyWindow = Window & { happyDOM: { setViewport: (size: { width: number; height: number }) => void } };
const setViewport = (width: number, height: number) => (window as unknown as HappyWindow).happyDOM.setViewport({ width, height });

const fields = [
  customField(1, {
    clave: 'test_leishmania',
    etiqueta: 'Test de leishmania',
    tipo: 'opcion',
    opciones: ['Negativo', 'Positivo'],
    especies: ['Perro'],
  }),
  customField(2, { clave: 'vacunado_rabia', etiqueta: 'Vacuna de la rabia', tipo: 'si_no' }),
  customField(3, { clave: 'fecha_test', etiqueta: 'Fecha del test', tipo: 'fecha' }),
];

function pet(id: number, campos: PetListItem['campos'] = {}): PetListItem {
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
    campos,
  };
}

const session = http.get('/api/auth/get-session', () =>
  HttpResponse.json({
    session: { id: 's', expiresAt: '2099-01-01T00:00:00.000Z' },
    user: { id: 'u-elena', email: 'e@refugio.test', name: 'Elena', lastname: 'Equipo', role: 'Equipo' },
  }),
);

/** The list's requests, as the server received them. */
function listHandler(requests: URLSearchParams[], items: PetListItem[] = [pet(1)]) {
  return http.get('/phpApi/mascotas', ({ request }) => {
    requests.push(new URL(request.url).searchParams);
    const body: ListPetsResponse = { items, total: items.length, totalExact: true, page: 1, pageSize: 20 };
    return HttpResponse.json(body);
  });
}

beforeEach(() => {
  localStorage.clear();
  setViewport(1280, 800);
});
// Files share workers: the next one starts from happy-dom's own window (1024 × 768) and an empty storage.
afterEach(() => {
  localStorage.clear();
  setViewport(1024, 768);
});

describe('Home (pet list): the «Campo propio» filter', () => {
  it('puts campo.<clave>=<valor> in the address, the list request and the export links; removing it takes it out', async () => {
    const requests: URLSearchParams[] = [];
    server.use(session, customFieldsHandler('mascota', fields), listHandler(requests));
    const { user, router } = renderWithProviders(<Home />);
    expect(await screen.findByRole('link', { name: 'Mascota 1' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Filtros' }));
    await user.click(await screen.findByRole('combobox', { name: 'Campo propio' }));
    await user.click(await screen.findByRole('option', { name: 'Test de leishmania' }));
    // Picking the field alone filters nothing yet.
    expect(router.state.location.search).not.toContain('campo.');
    await user.click(await screen.findByRole('combobox', { name: 'Test de leishmania' }));
    await user.click(await screen.findByRole('option', { name: 'Positivo' }));

    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('campo.test_leishmania')).toBe('Positivo'));
    await waitFor(() => expect(requests.at(-1)?.get('campo.test_leishmania')).toBe('Positivo'));
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute('href', '/api/mascotas.csv?campo.test_leishmania=Positivo');
    expect(screen.getByRole('link', { name: 'Exportar Excel' })).toHaveAttribute('href', '/api/mascotas.xlsx?campo.test_leishmania=Positivo');

    await user.click(screen.getByRole('button', { name: 'Quitar el filtro Test de leishmania' }));
    // The unfiltered list comes from the cache (the first request had no campo.*).
    await waitFor(() => expect(router.state.location.search).not.toContain('campo.'));
    expect(requests[0]?.has('campo.test_leishmania')).toBe(false);
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute('href', '/api/mascotas.csv');
  });

  it('reads a Sí/No filter from the address and offers Sí and No', async () => {
    const requests: URLSearchParams[] = [];
    server.use(session, customFieldsHandler('mascota', fields), listHandler(requests));
    const { user, router } = renderWithProviders(<Home />);
    await router.navigate('/?campo.vacunado_rabia=s%C3%AD');
    await user.click(await screen.findByRole('button', { name: 'Filtros' }));
    const yesNo = await screen.findByRole('combobox', { name: 'Vacuna de la rabia' });
    await waitFor(() => expect(yesNo).toHaveValue('Sí'));
    expect(requests.at(-1)?.get('campo.vacunado_rabia')).toBe('sí');
    await user.click(yesNo);
    expect(await screen.findByRole('option', { name: 'No' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a value as the list shows its errors, and under the filter", async () => {
    const message = '«Dudoso» no es un valor del campo «Test de leishmania».';
    server.use(
      session,
      customFieldsHandler('mascota', fields),
      http.get('/phpApi/mascotas', ({ request }) =>
        new URL(request.url).searchParams.has('campo.test_leishmania')
          ? HttpResponse.json(
              { code: 'VALIDATION_ERROR', message, fieldErrors: { 'campo.test_leishmania': message }, requestId: 'r1' },
              { status: 400 },
            )
          : undefined,
      ),
      listHandler([]),
    );
    const { user, router } = renderWithProviders(<Home />);
    await router.navigate('/?campo.test_leishmania=Dudoso');
    // The list's alert (on a busy machine another one, a notification's, may be on the screen too).
    const alert = (await screen.findByText('No se pudo cargar la lista de mascotas')).closest<HTMLElement>('[role="alert"]');
    expect(alert).not.toBeNull();
    expect(within(alert!).getByText(message)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filtros' }));
    const input = await screen.findByRole('combobox', { name: 'Test de leishmania' });
    await waitFor(() => expect(input).toHaveAccessibleDescription(message));
  });
});

describe('Home (pet list): own fields as columns', () => {
  const items = [pet(1, { vacunado_rabia: true, fecha_test: '2026-03-05', test_leishmania: 'Negativo' }), pet(2)];

  it('adds the chosen fields as columns with their values formatted, and keeps the choice for this person', async () => {
    server.use(session, customFieldsHandler('mascota', fields), listHandler([], items));
    const first = renderWithProviders(<Home />);
    const table = await screen.findByRole('table', { name: 'Mascotas' });
    expect(within(table).queryByRole('columnheader', { name: 'Vacuna de la rabia' })).toBeNull();

    await first.user.click(screen.getByRole('button', { name: 'Columnas' }));
    const chooser = await screen.findByRole('group', { name: 'Campos propios en la lista' });
    await first.user.click(within(chooser).getByRole('checkbox', { name: 'Fecha del test' }));
    await first.user.click(within(chooser).getByRole('checkbox', { name: 'Vacuna de la rabia' }));

    // In the fields' order, whatever the order they were ticked in.
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers.slice(-3, -1)).toEqual(['Vacuna de la rabia', 'Fecha del test']);
    const row = within(table).getByRole('row', { name: /Mascota 1/ });
    expect(within(row).getByRole('cell', { name: 'Sí' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: '05/03/2026' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(petListColumnsStorageKey('u-elena')) ?? 'null')).toEqual(['vacunado_rabia', 'fecha_test']);

    const audit = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(audit.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id)).toEqual([]);

    first.unmount();
    renderWithProviders(<Home />);
    const again = await screen.findByRole('table', { name: 'Mascotas' });
    expect(await within(again).findByRole('columnheader', { name: 'Vacuna de la rabia' })).toBeInTheDocument();
    expect(within(again).getByRole('columnheader', { name: 'Fecha del test' })).toBeInTheDocument();
    expect(within(again).getByRole('cell', { name: '05/03/2026' })).toBeInTheDocument();
  });

  it('on a phone, shows the chosen fields on each card as «label: value» lines', async () => {
    setViewport(390, 844);
    localStorage.setItem(petListColumnsStorageKey('u-elena'), JSON.stringify(['test_leishmania', 'fecha_test', 'campo_borrado']));
    server.use(session, customFieldsHandler('mascota', fields), listHandler([], items));
    renderWithProviders(<Home />);
    const cards = await screen.findByRole('list', { name: 'Mascotas' });
    const [card1, card2] = within(cards).getAllByRole('listitem');
    expect(await within(card1!).findByText('Test de leishmania:')).toBeInTheDocument();
    expect(card1).toHaveTextContent('Test de leishmania: Negativo');
    expect(card1).toHaveTextContent('Fecha del test: 05/03/2026');
    // A pet without a value shows no line for that field.
    expect(within(card2!).queryByText('Test de leishmania:')).toBeNull();
  });
});
