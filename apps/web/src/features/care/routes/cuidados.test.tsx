import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { Component as Cuidados } from './cuidados';

const today = new Date().toISOString().slice(0, 10);

const item = (id: number, nombre: string, fechaProgramada: string, mascota: string) => ({
  id,
  mascotaId: id * 10,
  tipo: 'vacuna',
  nombre,
  fechaProgramada,
  fechaRealizada: null,
  estado: 'programado',
  vencido: fechaProgramada < today,
  diasRetraso: 0,
  repetirCadaDias: null,
  dosis: '',
  lote: '',
  veterinario: '',
  resultado: '',
  pesoKg: null,
  coste: null,
  notas: '',
  protocoloId: null,
  version: 4,
  creadoEn: '2026-11-01T10:00:00.000Z',
  actualizadoEn: '2026-11-01T10:00:00.000Z',
  mascota: { id: id * 10, nombre: mascota, tipo: 'Perro', thumbnailUrl: null },
});

function answer() {
  const done: unknown[] = [];
  server.use(
    // UTC keeps "today" the same for the screen and the test whatever the machine's zone.
    http.get('/api/organizacion', () => HttpResponse.json({ nombre: 'Refugio', zonaHoraria: 'UTC' })),
    http.get('/api/salud/pendientes', () =>
      HttpResponse.json({
        hoy: today,
        items: [item(1, 'Polivalente', '2020-01-01', 'Toby'), item(2, 'Rabia', today, 'Luna')],
        total: 2,
        page: 1,
        pageSize: 200,
      }),
    ),
    http.post('/api/salud/:id/hecho', async ({ request, params }) => {
      done.push({ id: params.id, ...((await request.json()) as object) });
      return HttpResponse.json({
        registro: { ...item(Number(params.id), 'x', today, 'x'), adjuntos: [], estado: 'hecho', fechaRealizada: today },
        siguiente: null,
      });
    }),
  );
  return done;
}

afterEach(() => vi.useRealTimers());

describe('Cuidados', () => {
  it('lists overdue care first, says how late it is, and marks a dose done in two taps after the undo window', async () => {
    const done = answer();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderWithProviders(<Cuidados />, { path: '/cuidados' });
    const list = await screen.findByRole('list', { name: 'Cuidados por hacer' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards[0]).toHaveAccessibleName('Polivalente, Toby');
    expect(within(cards[0]!).getByText(/Vencido hace/)).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Hoy')).toBeInTheDocument();

    await user.click(within(cards[1]!).getByRole('button', { name: /^Hecho/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Marcar como hecho' });
    expect(within(dialog).getByLabelText(/Fecha en que se hizo/)).toHaveValue(today);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));

    // Shown as done at once; sent only when the toast's time is up.
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Rabia, Luna' })).not.toBeInTheDocument());
    expect(await screen.findByText('Marcado como hecho')).toBeInTheDocument();
    expect(done).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(10_500));
    await waitFor(() => expect(done).toEqual([{ id: '2', fecha: today, version: 4 }]));
  });

  it('Deshacer in the toast sends nothing and shows the dose again', async () => {
    const done = answer();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderWithProviders(<Cuidados />, { path: '/cuidados' });
    const card = await screen.findByRole('listitem', { name: 'Polivalente, Toby' });
    await user.click(within(card).getByRole('button', { name: /^Hecho/ }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Polivalente, Toby' })).not.toBeInTheDocument());
    await user.click(await screen.findByRole('button', { name: 'Deshacer' }));
    expect(await screen.findByRole('listitem', { name: 'Polivalente, Toby' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(12_000));
    expect(done).toEqual([]);
  });

  it("filters by the pet's place: 'En acogida' asks the server for ubicacion=acogida", async () => {
    answer();
    const asked: (string | null)[] = [];
    server.use(
      http.get('/api/salud/pendientes', ({ request }) => {
        const ubicacion = new URL(request.url).searchParams.get('ubicacion');
        asked.push(ubicacion);
        const items =
          ubicacion === 'acogida'
            ? [item(2, 'Rabia', today, 'Luna')]
            : [item(1, 'Polivalente', '2020-01-01', 'Toby'), item(2, 'Rabia', today, 'Luna')];
        return HttpResponse.json({ hoy: today, items, total: items.length, page: 1, pageSize: 200 });
      }),
    );
    const { user } = renderWithProviders(<Cuidados />);
    expect(await screen.findByText('Toby')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Dónde', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'En acogida' }));
    await waitFor(() => expect(screen.queryByText('Toby')).toBeNull());
    expect(screen.getByText('Luna')).toBeInTheDocument();
    expect(asked).toEqual([null, 'acogida']);
  });
});
