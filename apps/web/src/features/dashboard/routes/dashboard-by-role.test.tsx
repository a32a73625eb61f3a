import type { Dashboard } from '@refugio/contracts';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { Component as DashboardScreen } from './dashboard';

/* The dashboard's counts by role (issue 47): only those whose list the role may open, none leading to "No tienes permiso". */

const sessionOf = (role: string) =>
  http.get('/api/auth/get-session', () =>
    HttpResponse.json({
      session: { id: 's', expiresAt: '2099-01-01T00:00:00.000Z' },
      user: { id: 'u', email: 'x@refugio.test', name: 'Vera', lastname: 'Sanz', role },
    }),
  );

describe('Dashboard counts by role', () => {
  const dashboard: Dashboard = {
    zonaHoraria: 'Europe/Madrid',
    generadoEn: '2026-11-20T10:00:00.000Z',
    contadores: {
      enAdopcion: 4,
      adoptadasEsteMes: 1,
      solicitudesNuevas: 2,
      solicitudesPublicacionPendientes: 3,
      publicacionesProximas: 5,
      cuidadosVencidos: 6,
      cuidadosHoy: 7,
    },
    ingresosAdopciones: [{ mes: '2026-11', ingresos: 1, adopciones: 1 }],
    porTipo: [{ tipo: 'Perro', total: 4 }],
    porTamano: [{ tamano: 'mediano', total: 4 }],
    diasHastaAdopcion: { mediana: null, adopciones: 0 },
  };

  it('shows a vet the counts it may open (pets, care) and none of requests or publications', async () => {
    server.use(
      sessionOf('Veterinaria'),
      http.get('/api/dashboard', () => HttpResponse.json(dashboard)),
    );
    renderWithProviders(<DashboardScreen />, { path: '/dashboard' });
    expect(await screen.findByRole('link', { name: /Cuidados vencidos/ })).toHaveAttribute('href', '/cuidados');
    expect(screen.getByRole('link', { name: /En adopción/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Solicitudes nuevas/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Solicitudes de publicación/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Próximas publicaciones/ })).toBeNull();
  });

  it('shows Tesorería no care counts, and the team every count', async () => {
    server.use(
      sessionOf('Tesorería'),
      http.get('/api/dashboard', () => HttpResponse.json(dashboard)),
    );
    const first = renderWithProviders(<DashboardScreen />, { path: '/dashboard' });
    expect(await screen.findByRole('link', { name: /En adopción/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Cuidados vencidos/ })).toBeNull();
    first.unmount();
    server.use(sessionOf('Equipo'));
    renderWithProviders(<DashboardScreen />, { path: '/dashboard' });
    expect(await screen.findByRole('link', { name: /Solicitudes nuevas/ })).toHaveAttribute('href', '/formularios?estado=nueva');
    expect(screen.getByRole('link', { name: /Cuidados vencidos/ })).toBeInTheDocument();
  });
});
