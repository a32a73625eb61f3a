import type { Followup, FollowupList } from '@refugio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { Component as SeguimientosScreen } from './seguimientos';

const base = { respuesta: null, enviadoEn: null, recordadoEn: null, hechoEn: null, version: 1, vencido: false };
const help: Followup = {
  ...base,
  id: 1,
  tipo: 'seguimiento',
  mascota: { id: 7, nombre: 'Luna', foto: null },
  persona: { id: 3, nombre: 'Ana Pérez' },
  vence: '2026-03-04',
  estado: 'respondido',
  enviadoEn: '2026-03-04T08:00:00.000Z',
  respuesta: {
    comoVa: 'necesito_ayuda',
    comentario: 'No come desde ayer',
    fotos: [{ indice: 0, url: '/api/seguimientos/1/fotos/0', miniatura: '/api/seguimientos/1/fotos/0?miniatura=1' }],
    respondidoEn: '2026-03-04T09:00:00.000Z',
    atendidoEn: null,
  },
};
const chip: Followup = {
  ...base,
  id: 2,
  tipo: 'cambio_titularidad_microchip',
  mascota: { id: 7, nombre: 'Luna', foto: null },
  persona: { id: 3, nombre: 'Ana Pérez' },
  vence: '2026-03-31',
  estado: 'pendiente',
  vencido: true,
};
const checkIn: Followup = {
  ...base,
  id: 3,
  tipo: 'seguimiento',
  mascota: { id: 8, nombre: 'Nube', foto: null },
  persona: { id: 4, nombre: 'Berta' },
  vence: '2026-03-24',
  estado: 'pendiente',
};

describe('Seguimientos', { timeout: 20_000 }, () => {
  it('lists answers and obligations, filters by the address, marks an obligation done with Deshacer and sends a check-in now', async () => {
    const asked: string[] = [];
    const posted: string[] = [];
    server.use(
      http.get('/api/seguimientos', ({ request }) => {
        asked.push(new URL(request.url).search);
        const list: FollowupList = { items: [help, chip, checkIn], total: 3, page: 1, pageSize: 25 };
        return HttpResponse.json(list);
      }),
      http.post('/api/seguimientos/:id/:accion', async ({ params, request }) => {
        posted.push(`${String(params.id)} ${String(params.accion)} ${await request.text()}`);
        if (params.accion === 'enviar') return HttpResponse.json({ url: 'http://x/seguimiento/abc' });
        return HttpResponse.json({ ...chip, estado: params.accion === 'hecho' ? 'hecho' : 'pendiente' });
      }),
    );
    // Opened from Pendientes: the filter comes in the address.
    const { user, router } = renderWithProviders(<p>Inicio</p>, { routes: [{ path: '/seguimientos', element: <SeguimientosScreen /> }] });
    await router.navigate('/seguimientos?estado=ayuda');
    expect(await screen.findByRole('heading', { name: 'Seguimientos', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(asked[0]).toBe('?estado=ayuda&page=1'));

    const answered = screen.getByRole('article', { name: /Seguimiento · Luna/ });
    expect(within(answered).getByText('Pide ayuda')).toBeInTheDocument();
    expect(within(answered).getByText('Necesito ayuda')).toBeInTheDocument();
    expect(within(answered).getByText('No come desde ayer')).toBeInTheDocument();
    expect(within(answered).getByRole('img', { name: 'Foto 1 de Luna' })).toBeInTheDocument();
    await user.click(within(answered).getByRole('checkbox', { name: 'Elegir la foto 1' }));
    expect(within(answered).getByRole('button', { name: 'Añadir a la galería' })).toBeInTheDocument();

    const obligation = screen.getByRole('article', { name: /Cambio de titular del microchip · Luna/ });
    expect(within(obligation).getByText('Vencido')).toBeInTheDocument();
    await user.click(within(obligation).getByRole('button', { name: 'Marcar hecho' }));
    await waitFor(() => expect(posted).toContain('2 hecho {"version":1}'));
    await user.click(await screen.findByRole('button', { name: 'Deshacer' }));
    await waitFor(() => expect(posted).toContain('2 deshacer {}'));

    const pending = screen.getByRole('article', { name: /Seguimiento · Nube/ });
    await user.click(within(pending).getByRole('button', { name: 'Enviar ahora' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Por correo' }));
    await waitFor(() => expect(posted).toContain('3 enviar {"canal":"email"}'));
    expect(await screen.findByText('Seguimiento enviado por correo.')).toBeInTheDocument();
  });
});
