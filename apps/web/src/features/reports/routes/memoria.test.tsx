import type { Memoria } from '@refugio/contracts';
import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { Component as MemoriaScreen } from './memoria';

const memoria = (anio: number, withMoney: boolean): Memoria => ({
  anio,
  desde: `${anio}-01-01`,
  hasta: `${anio}-12-31`,
  generadoEn: '2026-11-27T10:00:00.000Z',
  organizacion: { nombre: 'Refugio Patitas', nif: 'G28015865', nucleoZoologico: 'ES280790000123', registroEntidades: 'REA-4567' },
  entradas: {
    total: 7,
    porProcedencia: [
      { procedencia: 'abandono', total: 3 },
      { procedencia: 'rescate', total: 4 },
    ],
    porEspecie: [{ especie: 'Perro', total: 7 }],
    detalle: [],
  },
  salidas: { total: 3, porDestino: [{ destino: 'adopcion', total: 3 }], porEspecie: [{ especie: 'Perro', total: 3 }] },
  devoluciones: { total: 1, porEspecie: [] },
  fallecimientos: { total: 2, porCausa: [{ causa: 'Insuficiencia renal', total: 2 }] },
  esterilizaciones: { total: 2, porEspecie: [{ especie: 'Perro', total: 2 }] },
  acogidas31Diciembre: { mascotas: 1, hogares: 1, porEspecie: [] },
  tiempoAdopcion: { medianaDias: 30, adopciones: 3 },
  voluntariado: { disponible: true, personas: 2, horas: 6.5, nota: null },
  ingresos: withMoney ? { total: 12_550, porConcepto: [{ concepto: 'donativo', importeCentimos: 12_550, numero: 2 }] } : null,
});

describe('Memoria anual', { timeout: 30_000 }, () => {
  it('shows the year chosen as cards, charts with their tables, the note on volunteers and the downloads', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/memoria', ({ request }) => {
        const anio = Number(new URL(request.url).searchParams.get('anio'));
        asked.push(String(anio));
        return HttpResponse.json(memoria(anio, true));
      }),
    );
    const { user, router } = renderWithProviders(<p>Inicio</p>, { routes: [{ path: '/memoria', element: <MemoriaScreen /> }] });
    await router.navigate('/memoria?anio=2025');
    expect(await screen.findByRole('heading', { name: 'Memoria anual 2025', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText(/Núcleo zoológico ES280790000123 · Registro de entidades REA-4567/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Entradas' })).getByText('7')).toBeInTheDocument();
    // The chart's figures as a table for screen readers.
    const origin = screen.getByRole('figure', { name: 'Entradas por procedencia' });
    expect(within(origin).getByRole('rowheader', { name: 'Abandono' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Fallecimientos por causa' })).getByText('Insuficiencia renal')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Voluntariado' })).getByText('2 personas voluntarias, 6,5 horas')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Ingresos por concepto' })).getAllByText(/125,50/).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: /Descargar PDF/ })).toHaveAttribute('href', '/api/memoria?anio=2025&formato=pdf');
    expect(screen.getByRole('link', { name: /Descargar Excel/ })).toHaveAttribute('href', '/api/memoria?anio=2025&formato=xlsx');
    const audit = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(audit.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);

    await user.click(screen.getByLabelText('Año', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: '2024' }));
    expect(await screen.findByRole('heading', { name: 'Memoria anual 2024', level: 1 })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?anio=2024');
    expect(asked).toContain('2024');
  });

  it('shows no money section when the answer has none (the team)', async () => {
    server.use(http.get('/api/memoria', () => HttpResponse.json(memoria(2025, false))));
    const { router } = renderWithProviders(<p>Inicio</p>, { routes: [{ path: '/memoria', element: <MemoriaScreen /> }] });
    await router.navigate('/memoria?anio=2025');
    expect(await screen.findByRole('region', { name: 'Voluntariado' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Ingresos por concepto' })).toBeNull();
  });
});
