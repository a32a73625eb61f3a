import type { Shift } from '@refugio/contracts';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { addDays, mondayOf, todayDay } from '../lib/week';
import { Component as Turnos } from './turnos';

/* "Voluntariado" (/turnos): the week's shifts by day, who is coming, the gaps, attendance and new shifts. */

const at = (day: string, hour: number) => {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(y, m - 1, d, hour).toISOString();
};

describe('Voluntariado (/turnos)', { timeout: 20_000 }, () => {
  it('shows each shift on its day with who is coming, highlights a gap, marks attendance and creates a shift', async () => {
    const monday = mondayOf(todayDay());
    const past = addDays(monday, -7);
    const shifts: Shift[] = [
      {
        id: 1,
        tarea: 'Paseos',
        inicio: at(addDays(monday, 6), 22),
        fin: at(addDays(monday, 6), 23),
        plazas: 2,
        lugar: 'Refugio',
        notas: null,
        plantillaId: null,
        apuntados: [{ persona: { id: 7, nombre: 'Marta Gil' }, estado: 'apuntado', horas: null }],
        libres: 1,
      },
      {
        id: 2,
        tarea: 'Limpieza',
        inicio: at(monday, 0),
        fin: at(monday, 1),
        plazas: 1,
        lugar: null,
        notas: null,
        plantillaId: 3,
        apuntados: [{ persona: { id: 8, nombre: 'Luis Ruiz' }, estado: 'apuntado', horas: null }],
        libres: 0,
      },
    ];
    let asked: URL | undefined;
    let attendance: unknown;
    let created: unknown;
    server.use(
      http.get('/api/turnos', ({ request }) => {
        asked = new URL(request.url);
        return HttpResponse.json({ items: asked.searchParams.get('desde') === monday ? shifts : [] });
      }),
      http.post('/api/turnos/:id/asistencia', async ({ request }) => {
        attendance = await request.json();
        return HttpResponse.json({ ...shifts[0]!, apuntados: [{ ...shifts[0]!.apuntados[0]!, estado: 'asistio', horas: 2 }] });
      }),
      http.post('/api/turnos', async ({ request }) => {
        created = await request.json();
        return HttpResponse.json({ ...shifts[0]!, id: 9 }, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<Turnos />);
    const paseos = await screen.findByRole('article', { name: /^Paseos/ });
    expect(asked!.searchParams.get('hasta')).toBe(addDays(monday, 6));
    expect(within(paseos).getByText('Falta 1 persona')).toBeInTheDocument();
    expect(within(paseos).getByRole('link', { name: 'Marta Gil' })).toHaveAttribute('href', '/personas/7');
    const limpieza = screen.getByRole('article', { name: /^Limpieza/ });
    expect(within(limpieza).getByText('Completo')).toBeInTheDocument();
    expect(screen.getByText('1 turno sin cubrir')).toBeInTheDocument();
    // Each day is a heading of its own; the shift sits under its day.
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(7);

    // A shift that has started offers attendance; one still to come does not.
    expect(within(paseos).queryByRole('button', { name: 'Marta Gil vino' })).toBeNull();
    await user.click(within(limpieza).getByRole('button', { name: 'Luis Ruiz vino' }));
    await vi.waitFor(() => expect(attendance).toEqual({ personaId: 8, asistio: true }));

    await user.click(screen.getByRole('button', { name: 'Nuevo turno' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo turno' });
    await user.type(within(dialog).getByLabelText(/^Tarea/), 'Feria');
    await user.click(within(dialog).getByRole('button', { name: 'Crear turno' }));
    await screen.findByText('Turno creado.');
    expect(created).toMatchObject({ tarea: 'Feria', plazas: 2 });
    expect((created as { inicio: string }).inicio).toMatch(/^\d{4}-\d{2}-\d{2}T10:00:00$/);

    await user.click(screen.getByRole('button', { name: 'Semana anterior' }));
    expect(await screen.findAllByText('Sin turnos.')).toHaveLength(7);
    expect(asked!.searchParams.get('desde')).toBe(past);
  });
});
