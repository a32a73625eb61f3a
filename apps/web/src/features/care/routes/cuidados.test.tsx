import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
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

function answer({ undo }: { undo?: () => Response } = {}) {
  const done: unknown[] = [];
  const undone: unknown[] = [];
  const markedDone = new Set<number>();
  server.use(
    // UTC keeps "today" the same for the screen and the test whatever the machine's zone.
    http.get('/api/organizacion', () => HttpResponse.json({ nombre: 'Refugio', zonaHoraria: 'UTC' })),
    // What is due, as the server says: a dose marked done (and not undone) leaves the list.
    http.get('/api/salud/pendientes', () => {
      const items = [item(1, 'Polivalente', '2020-01-01', 'Toby'), item(2, 'Rabia', today, 'Luna')].filter((i) => !markedDone.has(i.id));
      return HttpResponse.json({ hoy: today, items, total: items.length, page: 1, pageSize: 200 });
    }),
    http.post('/api/salud/:id/hecho', async ({ request, params }) => {
      done.push({ id: params.id, ...((await request.json()) as object) });
      markedDone.add(Number(params.id));
      return HttpResponse.json({
        registro: { ...item(Number(params.id), 'x', today, 'x'), adjuntos: [], estado: 'hecho', fechaRealizada: today, version: 5 },
        siguiente: { ...item(99, 'x', today, 'x'), adjuntos: [] },
      });
    }),
    http.post('/api/salud/:id/hecho/deshacer', async ({ request, params }) => {
      undone.push({ id: params.id, ...((await request.json()) as object) });
      if (undo) return undo();
      markedDone.delete(Number(params.id));
      return HttpResponse.json({
        registro: { ...item(Number(params.id), 'x', today, 'x'), adjuntos: [], version: 6 },
        siguienteQuitado: true,
      });
    }),
  );
  return { done, undone };
}

// Toasts live in Mantine's store, outside the rendered tree: one test's 'Deshacer' must not answer the next one's.
afterEach(() => notifications.clean());

async function markDone(user: ReturnType<typeof renderWithProviders>['user'], name: string) {
  const card = await screen.findByRole('listitem', { name });
  await user.click(within(card).getByRole('button', { name: /^Hecho/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Marcar como hecho' });
  expect(within(dialog).getByLabelText(/Fecha en que se hizo/)).toHaveValue(today);
  await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
}

describe('Cuidados', () => {
  it('lists overdue care first, says how late it is, and saves a dose done in two taps at once, not when the toast closes', async () => {
    const { done } = answer();
    const { user } = renderWithProviders(<Cuidados />, { path: '/cuidados' });
    const list = await screen.findByRole('list', { name: 'Cuidados por hacer' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards[0]).toHaveAccessibleName('Polivalente, Toby');
    expect(within(cards[0]!).getByText(/Vencido hace/)).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Hoy')).toBeInTheDocument();

    await markDone(user, 'Rabia, Luna');
    // Sent at once (a tab closed now loses nothing; the toast's window is 10 s), gone from the list, with 'Deshacer' in the toast.
    await waitFor(() => expect(done).toEqual([{ id: '2', fecha: today, version: 4 }]), { timeout: 5000 });
    expect(screen.queryByRole('listitem', { name: 'Rabia, Luna' })).not.toBeInTheDocument();
    expect(await screen.findByText('Marcado como hecho')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deshacer' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Polivalente, Toby' })).toBeInTheDocument();
  });

  it('Deshacer asks the server to undo the mark at the version it answered, and the dose is back', async () => {
    const { done, undone } = answer();
    const { user } = renderWithProviders(<Cuidados />, { path: '/cuidados' });
    await markDone(user, 'Polivalente, Toby');
    await waitFor(() => expect(done).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Polivalente, Toby' })).not.toBeInTheDocument());
    await user.click(await screen.findByRole('button', { name: 'Deshacer' }));
    await waitFor(() => expect(undone).toEqual([{ id: '1', version: 5 }]));
    expect(await screen.findByText('Polivalente sigue pendiente.')).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Polivalente, Toby' })).toBeInTheDocument();
  });

  it('a refused Deshacer (someone changed the record since) says why, and the dose stays done', async () => {
    const stale = 'Otra persona cambió este registro después de marcarlo como hecho, así que no se ha deshecho. Recarga para ver cómo está ahora.';
    const { undone } = answer({ undo: () => HttpResponse.json({ code: 'CONFLICT', message: stale, requestId: 'r1' }, { status: 409 }) });
    const { user } = renderWithProviders(<Cuidados />, { path: '/cuidados' });
    await markDone(user, 'Polivalente, Toby');
    await user.click(await screen.findByRole('button', { name: 'Deshacer' }));
    await waitFor(() => expect(undone).toHaveLength(1));
    expect(await screen.findByText('No se pudo deshacer: Polivalente')).toBeInTheDocument();
    expect(screen.getByText(stale)).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('listitem', { name: 'Polivalente, Toby' })).not.toBeInTheDocument();
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
