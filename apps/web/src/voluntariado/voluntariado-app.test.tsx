import { volunteerMessages } from '@refugio/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../testing/server';
import { VoluntariadoApp, byDay } from './voluntariado-app';

const shift = (id: number, inicio: string, libres: number, apuntado = false) => ({
  id,
  tarea: id === 1 ? 'Paseos' : 'Limpieza',
  inicio,
  fin: new Date(new Date(inicio).getTime() + 2 * 3_600_000).toISOString(),
  lugar: null,
  libres,
  apuntado,
});

describe('VoluntariadoApp: a volunteer signs up from a phone', { timeout: 20_000 }, () => {
  it('signs up, then shows the shift as theirs; a full shift offers no button and a refusal is read out', async () => {
    let signedUp = false;
    const paseos = shift(1, '2026-12-05T09:00:00.000Z', 1);
    const limpieza = shift(2, '2026-12-05T15:00:00.000Z', 1);
    server.use(
      http.get('/api/voluntariado/:token', () =>
        HttpResponse.json({
          organizacion: { nombre: 'Refugio Patitas' },
          persona: { nombre: 'Marta' },
          turnos: [signedUp ? { ...paseos, libres: 0, apuntado: true } : paseos, limpieza, shift(3, '2026-12-06T09:00:00.000Z', 0)],
          mios: signedUp ? [{ ...paseos, libres: 0, apuntado: true }] : [],
          semana: 0,
          semanas: 4,
        }),
      ),
      http.post('/api/voluntariado/:token/turnos/1', () => {
        signedUp = true;
        return HttpResponse.json({ ...paseos, libres: 0, apuntado: true });
      }),
      http.post('/api/voluntariado/:token/turnos/2', () =>
        HttpResponse.json({ code: 'CONFLICT', message: volunteerMessages.full, requestId: 'x' }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    render(<VoluntariadoApp token="abc" />);
    expect(await screen.findByRole('heading', { name: 'Hola, Marta' })).toBeInTheDocument();
    // Words for anyone (issue 47.5: 'Estás apuntado' for Nerea).
    expect(screen.getByText('Aún no te has apuntado a ningún turno.')).toBeInTheDocument();
    expect(screen.getByText('Completo')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Apuntarme/ })).toHaveLength(2);

    await user.click(screen.getAllByRole('button', { name: /^Apuntarme: Paseos/ })[0]!);
    expect(await screen.findByRole('status')).toHaveTextContent(/Te has apuntado a «Paseos»/);
    expect(await screen.findAllByRole('button', { name: /^Cancelar: Paseos/ })).toHaveLength(2);
    expect(screen.getAllByText('Te has apuntado').length).toBeGreaterThan(0);
    expect(screen.queryByText(/Estás apuntad/)).toBeNull();

    await user.click(screen.getByRole('button', { name: /^Apuntarme: Limpieza/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(volunteerMessages.full);
  });

  it('shows one week at a time and asks for the next', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/voluntariado/:token', ({ request }) => {
        const semana = Number(new URL(request.url).searchParams.get('semana') ?? '0');
        asked.push(String(semana));
        return HttpResponse.json({
          organizacion: { nombre: null },
          persona: { nombre: 'Marta' },
          turnos: [shift(semana + 1, `2026-12-0${5 + semana}T09:00:00.000Z`, 1)],
          mios: [],
          semana,
          semanas: 4,
        });
      }),
    );
    const user = userEvent.setup();
    render(<VoluntariadoApp token="abc" />);
    expect(await screen.findByRole('heading', { name: 'Turnos con plazas, esta semana' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Semana anterior' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Semana siguiente' }));
    expect(await screen.findByRole('heading', { name: 'Turnos con plazas, la semana que viene' })).toBeInTheDocument();
    expect(asked).toEqual(['0', '1']);
  });

  it('a link that does not work says so', async () => {
    server.use(http.get('/api/voluntariado/:token', () => HttpResponse.json({ code: 'NOT_FOUND', message: 'x', requestId: 'x' }, { status: 404 })));
    render(<VoluntariadoApp token="nope" />);
    expect(await screen.findByRole('heading', { name: 'Enlace no disponible' })).toBeInTheDocument();
    expect(screen.getByText(volunteerMessages.notFound)).toBeInTheDocument();
  });

  it('groups the shifts by day in order', () => {
    const groups = byDay([shift(1, '2026-12-05T09:00:00.000Z', 1), shift(2, '2026-12-05T15:00:00.000Z', 1), shift(3, '2026-12-07T09:00:00.000Z', 1)]);
    expect(groups.map((g) => g.shifts.map((s) => s.id))).toEqual([[1, 2], [3]]);
  });
});
