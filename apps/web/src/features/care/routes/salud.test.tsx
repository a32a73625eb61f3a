import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { addDays, formatDay } from '../lib/care-labels';
import { Component as Salud } from './salud';

const today = new Date().toISOString().slice(0, 10);

const record = (body: Record<string, unknown>, id: number, version: number) => ({
  id,
  mascotaId: 7,
  estado: body.fechaRealizada ? 'hecho' : 'programado',
  vencido: false,
  protocoloId: null,
  adjuntos: [],
  version,
  creadoEn: '2026-11-01T10:00:00.000Z',
  actualizadoEn: '2026-11-01T10:00:00.000Z',
  tipo: 'vacuna',
  nombre: '',
  fechaProgramada: null,
  fechaRealizada: null,
  repetirCadaDias: null,
  dosis: '',
  lote: '',
  veterinario: '',
  resultado: '',
  pesoKg: null,
  coste: null,
  notas: '',
  ...body,
});

function answer(sheet: { registros: unknown[]; proximos: unknown[] } = { registros: [], proximos: [] }) {
  const saved: unknown[] = [];
  server.use(
    // UTC keeps "today" the same for the screen and the test whatever the machine's zone.
    http.get('/api/organizacion', () => HttpResponse.json({ nombre: 'Refugio', zonaHoraria: 'UTC' })),
    http.get('/phpApi/mascota/7', () => HttpResponse.json({ code: 'NOT_FOUND', message: 'No existe.', requestId: 'r' }, { status: 404 })),
    http.get('/api/mascotas/7/salud', () => HttpResponse.json({ ...sheet, pesos: [] })),
    http.post('/api/mascotas/7/salud', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      saved.push(body);
      return HttpResponse.json(record(body, 41, 1), { status: 201 });
    }),
    http.patch('/api/salud/:id', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      saved.push({ id: params.id, ...body });
      return HttpResponse.json(record(body, Number(params.id), Number(body.version) + 1));
    }),
  );
  return saved;
}

async function renderSalud() {
  const rendered = renderWithProviders(<p>Inicio</p>, { path: '/', routes: [{ path: '/mascota/:id/salud', element: <Salud /> }] });
  await rendered.router.navigate('/mascota/7/salud');
  return rendered;
}

// Toasts live in Mantine's store, outside the rendered tree.
afterEach(() => notifications.clean());

describe('Salud', () => {
  it('saving a new record done today with "Repetir cada N días" confirms it and says when the next one is planned', async () => {
    const saved = answer();
    const { user } = await renderSalud();
    await user.click(await screen.findByRole('button', { name: 'Añadir registro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo registro de salud' });
    await user.type(within(dialog).getByRole('textbox', { name: /Nombre/ }), 'Rabia');
    await user.type(within(dialog).getByLabelText('Fecha de realización'), today);
    await user.type(within(dialog).getByRole('textbox', { name: /Repetir cada/ }), '365');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Registro añadido')).toBeInTheDocument();
    expect(screen.getByText(`Rabia. La siguiente queda programada para el ${formatDay(addDays(today, 365))}.`)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nuevo registro de salud' })).not.toBeInTheDocument());
    expect(saved).toEqual([expect.objectContaining({ nombre: 'Rabia', fechaRealizada: today, repetirCadaDias: 365 })]);
  });

  it('saving an edit confirms it by name; a record that was done already plans nothing more', async () => {
    const done = record({ nombre: 'Polivalente', fechaRealizada: '2026-01-10', repetirCadaDias: 21 }, 30, 3);
    const saved = answer({ registros: [done], proximos: [] });
    const { user } = await renderSalud();
    await user.click(await screen.findByRole('button', { name: 'Más acciones: Polivalente' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar registro de salud' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Lote' }), 'PV-3');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Registro guardado')).toBeInTheDocument();
    expect(screen.getByText('Polivalente.')).toBeInTheDocument();
    expect(saved).toEqual([expect.objectContaining({ id: '30', lote: 'PV-3', version: 3 })]);
  });
});
