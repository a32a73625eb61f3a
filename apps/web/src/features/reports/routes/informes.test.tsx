import type { Report, ReportList, ReportSubscriptions } from '@refugio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { Component as InformesScreen } from './informes';

const list: ReportList = {
  items: [
    { clave: 'entradas-salidas', titulo: 'Entradas y salidas', descripcion: 'Mes a mes.', soloAdministracion: false },
    { clave: 'coste-veterinario', titulo: 'Coste veterinario', descripcion: 'Cuidados con coste.', soloAdministracion: false },
  ],
};

const costs = (desde: string, hasta: string): Report => ({
  clave: 'coste-veterinario',
  titulo: 'Coste veterinario',
  desde,
  hasta,
  generadoEn: '2026-11-27T10:00:00.000Z',
  columnas: [
    { clave: 'fecha', titulo: 'Fecha', tipo: 'fecha' },
    { clave: 'mascota', titulo: 'Mascota', tipo: 'texto' },
    { clave: 'coste', titulo: 'Coste', tipo: 'dinero' },
  ],
  filas: [{ fecha: '2025-06-10', mascota: 'Misu', coste: 3550 }],
  totales: [{ clave: 'coste', titulo: 'Coste total', valor: 3550, tipo: 'dinero' }],
  serie: { eje: 'mes', series: [{ clave: 'coste', titulo: 'Coste (céntimos)' }], puntos: [{ mes: '2025-06', coste: 3550 }] },
  nota: null,
});

describe('Informes', { timeout: 30_000 }, () => {
  it('shows the chosen report over a range as totals, chart table and rows, downloads it and subscribes monthly', async () => {
    const calls: string[] = [];
    let subscribed: ReportSubscriptions = { items: [] };
    server.use(
      http.get('/api/informes', () => HttpResponse.json(list)),
      http.get('/api/informes/suscripciones', () => HttpResponse.json(subscribed)),
      http.get('/api/informes/:clave', ({ request, params }) => {
        const url = new URL(request.url);
        calls.push(`${String(params.clave)} ${url.searchParams.get('desde')} ${url.searchParams.get('hasta')}`);
        return HttpResponse.json(costs(url.searchParams.get('desde')!, url.searchParams.get('hasta')!));
      }),
      http.post('/api/informes/:clave/suscripcion', async ({ params, request }) => {
        calls.push(`suscribir ${String(params.clave)} ${await request.text()}`);
        subscribed = {
          items: [{ id: 1, clave: 'coste-veterinario', periodicidad: 'mensual', enviadoHasta: '2026-10', creadaEn: '2026-11-27T10:00:00.000Z' }],
        };
        return HttpResponse.json(subscribed.items[0], { status: 201 });
      }),
    );
    const { user, router } = renderWithProviders(<p>Inicio</p>, { routes: [{ path: '/informes', element: <InformesScreen /> }] });
    await router.navigate('/informes?clave=coste-veterinario&desde=2025-01-01&hasta=2025-12-31');
    expect(await screen.findByRole('heading', { name: 'Informes', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Misu')).toBeInTheDocument();
    expect(calls).toContain('coste-veterinario 2025-01-01 2025-12-31');
    expect(within(screen.getByRole('region', { name: 'Totales' })).getByText(/35,50/)).toBeInTheDocument();
    const chart = screen.getByRole('figure', { name: 'Coste veterinario por mes' });
    expect(within(chart).getByRole('rowheader', { name: 'jun 2025' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Descargar Excel/ })).toHaveAttribute(
      'href',
      '/api/informes/coste-veterinario?desde=2025-01-01&hasta=2025-12-31&formato=xlsx',
    );
    const audit = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(audit.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);

    const monthly = screen.getByRole('switch', { name: /Recibir este informe cada mes/ });
    await waitFor(() => expect(monthly).toBeEnabled());
    await user.click(monthly);
    await waitFor(() => expect(calls).toContain('suscribir coste-veterinario {"periodicidad":"mensual"}'));
    await waitFor(() => expect(monthly).toBeChecked());

    // A reversed range is refused before anything is asked.
    const desde = screen.getByLabelText(/Desde/);
    await user.clear(desde);
    await user.type(desde, '2026-01-01');
    await user.click(screen.getByRole('button', { name: 'Ver informe' }));
    expect(await screen.findByText('La fecha desde no puede ser posterior a la fecha hasta.')).toBeInTheDocument();
    expect(calls.filter((c) => c.startsWith('coste-veterinario 2026'))).toEqual([]);
  });
});
