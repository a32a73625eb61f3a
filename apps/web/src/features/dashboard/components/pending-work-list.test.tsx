import { PENDING_WORK_CAPABILITIES, type PendingWork, can } from '@refugio/contracts';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { PendingWorkList } from './pending-work-list';

/** The session and the role lookup of a person of `role` (the list shows what the permission table lets it open). */
function signedInAs(role: string) {
  server.use(
    http.get('/api/auth/get-session', () =>
      HttpResponse.json({ user: { id: 'u1', email: 'ana@refugio.test', name: 'Ana', lastname: 'Ruiz', role } }),
    ),
    http.get('/api/functions/getUserRoleByUid', () => HttpResponse.json({ rol: role })),
  );
}

const counts = {
  solicitudesNuevas: 0,
  solicitudesPublicacionPendientes: 0,
  publicacionesHoy: 0,
  cuidadosVencidos: 0,
  cuidadosHoy: 0,
  mensajesFallidos: 0,
  posiblesDuplicados: 0,
  novedadesAcogida: 0,
  seguimientosAyuda: 0,
  obligacionesVencidas: 0,
  turnosSinCubrir: 0,
};

describe('PendingWorkList: failed background jobs', { timeout: 20_000 }, () => {
  it('shows an administrator each failed job with its error, and queues it again on "Reintentar"', async () => {
    let pending: PendingWork = {
      ...counts,
      total: 1,
      trabajosFallidos: {
        total: 1,
        items: [
          { id: 9, titulo: 'Publicación de las mascotas programadas', intentos: 3, error: 'sin conexión', fallidoEn: '2026-03-05T12:00:00.000Z' },
        ],
      },
    };
    const retried: string[] = [];
    server.use(
      http.get('/api/pendientes', () => HttpResponse.json(pending)),
      http.post('/api/trabajos/:id/reintentar', ({ params }) => {
        retried.push(String(params.id));
        pending = { ...counts, total: 0, trabajosFallidos: { total: 0, items: [] } };
        return HttpResponse.json({ id: Number(params.id) });
      }),
    );
    signedInAs('Administrador');
    const { user } = renderWithProviders(<PendingWorkList enabled onNavigate={() => undefined} />);
    expect(await screen.findByText('Trabajos en segundo plano fallidos: 1')).toBeInTheDocument();
    expect(screen.getByText('Publicación de las mascotas programadas')).toBeInTheDocument();
    expect(screen.getByText('Error: sin conexión')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar: Publicación de las mascotas programadas' }));
    await waitFor(() => expect(retried).toEqual(['9']));
    expect(await screen.findByText('Todo al día: no hay nada por revisar.')).toBeInTheDocument();
    expect(screen.queryByText(/fallidos/)).not.toBeInTheDocument();
  });

  it('shows staff (no list from the server) nothing about jobs', async () => {
    server.use(http.get('/api/pendientes', () => HttpResponse.json({ ...counts, solicitudesNuevas: 2, total: 2 })));
    signedInAs('Equipo');
    renderWithProviders(<PendingWorkList enabled onNavigate={() => undefined} />);
    expect(await screen.findByRole('link', { name: /^Solicitudes de adopción nuevas\s*2$/ })).toBeInTheDocument();
    expect(screen.queryByText(/fallidos/)).not.toBeInTheDocument();
  });

  it('counts adopters asking for help and overdue adoption obligations, each leading to its filtered Seguimientos list', async () => {
    server.use(http.get('/api/pendientes', () => HttpResponse.json({ ...counts, seguimientosAyuda: 1, obligacionesVencidas: 2, total: 3 })));
    signedInAs('Administrador');
    renderWithProviders(<PendingWorkList enabled onNavigate={() => undefined} />);
    const help = await screen.findByRole('link', { name: /^Adoptantes que piden ayuda\s*1$/ });
    expect(help).toHaveAttribute('href', '/seguimientos?estado=ayuda');
    expect(screen.getByRole('link', { name: /^Obligaciones de adopción vencidas\s*2$/ })).toHaveAttribute('href', '/seguimientos?estado=vencido');
  });

  it("counts overdue and today's care, each leading to Cuidados", async () => {
    server.use(http.get('/api/pendientes', () => HttpResponse.json({ ...counts, cuidadosVencidos: 3, cuidadosHoy: 1, total: 4 })));
    signedInAs('Administrador');
    const { user, router } = renderWithProviders(<PendingWorkList enabled onNavigate={() => undefined} />, {
      routes: [{ path: '/cuidados', element: <h1>Cuidados</h1> }],
    });
    expect(await screen.findByRole('link', { name: /^Cuidados vencidos\s*3$/ })).toHaveAttribute('href', '/cuidados');
    await user.click(screen.getByRole('link', { name: /^Cuidados de hoy\s*1$/ }));
    expect(router.state.location.pathname).toBe('/cuidados');
  });
});

describe('PendingWorkList: every count in the total has its row', { timeout: 20_000 }, () => {
  it('shows possible duplicates leading to the persons list filtered by them, and the rows add up to the total', async () => {
    const pending: PendingWork = {
      solicitudesNuevas: 1,
      solicitudesPublicacionPendientes: 1,
      publicacionesHoy: 1,
      cuidadosVencidos: 1,
      cuidadosHoy: 1,
      mensajesFallidos: 1,
      posiblesDuplicados: 2,
      novedadesAcogida: 1,
      seguimientosAyuda: 1,
      obligacionesVencidas: 1,
      turnosSinCubrir: 1,
      total: 12,
    };
    server.use(http.get('/api/pendientes', () => HttpResponse.json(pending)));
    signedInAs('Administrador');
    const { user, router } = renderWithProviders(<PendingWorkList enabled onNavigate={() => undefined} />, {
      routes: [{ path: '/personas', element: <h1>Personas</h1> }],
    });
    const duplicates = await screen.findByRole('link', { name: /^Posibles personas duplicadas\s*2$/ });
    expect(duplicates).toHaveAttribute('href', '/personas?duplicados=true');
    const shown = screen.getAllByRole('link').map((link) => Number(/(\d+)$/.exec(link.textContent ?? '')?.[1] ?? 0));
    expect(shown.reduce((sum, n) => sum + n, 0)).toBe(pending.total);
    await user.click(duplicates);
    expect(router.state.location.search).toBe('?duplicados=true');
  });

  it("shows administrators the returned debits and, when sent, last year's donors without NIF; the team's answer has no such rows", async () => {
    let pending: PendingWork = { ...counts, devolucionesPendientes: 3, donantesSinNif: { anio: 2026, total: 4 }, total: 7 };
    server.use(http.get('/api/pendientes', () => HttpResponse.json(pending)));
    signedInAs('Administrador');
    const first = renderWithProviders(<PendingWorkList enabled onNavigate={() => undefined} />);
    const returned = await screen.findByRole('link', { name: /^Recibos devueltos sin atender\s*3$/ });
    expect(returned).toHaveAttribute('href', '/donativos?estado=devuelto');
    expect(screen.getByRole('link', { name: /^Donantes de 2026 sin NIF\s*4$/ })).toHaveAttribute(
      'href',
      '/donativos?desde=2026-01-01&hasta=2026-12-31',
    );
    const shown = screen.getAllByRole('link').map((link) => Number(/(\d+)$/.exec(link.textContent ?? '')?.[1] ?? 0));
    expect(shown.reduce((sum, n) => sum + n, 0)).toBe(pending.total);
    first.unmount();

    pending = { ...counts, solicitudesNuevas: 1, total: 1 };
    signedInAs('Equipo');
    renderWithProviders(<PendingWorkList enabled onNavigate={() => undefined} />);
    expect(await screen.findByRole('link', { name: /^Solicitudes de adopción nuevas\s*1$/ })).toBeInTheDocument();
    expect(screen.queryByText(/Recibos devueltos|sin NIF/)).not.toBeInTheDocument();
  });
});

describe('PendingWorkList by role (issue 47: no row leading to "No tienes permiso")', { timeout: 20_000 }, () => {
  /** Which capability opens each link of the list, by its address (the sidebar's, nav-items.ts). */
  const capabilityOf = (href: string) => {
    const path = href.split('?')[0];
    const byPath: Record<string, Parameters<typeof can>[1]> = {
      '/formularios': 'adopciones',
      '/solicitud-publicacion': 'publicacion',
      '/borradores': 'publicacion',
      '/cuidados': 'cuidados.ver',
      '/mensajes': 'mensajes',
      '/novedades-acogida': 'adopciones',
      '/seguimientos': 'adopciones',
      '/turnos': 'voluntariado',
      '/personas': 'personas.ver',
      '/donativos': 'dinero',
    };
    return byPath[path!];
  };
  const linksOf = () => screen.getAllByRole('link').map((link) => ({ name: link.textContent ?? '', href: link.getAttribute('href') ?? '' }));
  const axeClean = async () => {
    const audit = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(audit.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id)).toEqual([]);
  };

  it("shows Veterinaria only the care rows it receives, each leading to Cuidados, and they add up to the badge's total", async () => {
    server.use(http.get('/api/pendientes', () => HttpResponse.json({ cuidadosVencidos: 2, cuidadosHoy: 3, total: 5 } satisfies PendingWork)));
    signedInAs('Veterinaria');
    renderWithProviders(<PendingWorkList enabled onNavigate={() => undefined} />);
    expect(await screen.findByRole('link', { name: /^Cuidados vencidos\s*2$/ })).toHaveAttribute('href', '/cuidados');
    expect(linksOf()).toEqual([
      { name: 'Cuidados vencidos2', href: '/cuidados' },
      { name: 'Cuidados de hoy3', href: '/cuidados' },
    ]);
    expect(screen.queryByText(/Solicitudes de adopción|Turnos de voluntariado|Registros por revisar/)).not.toBeInTheDocument();
    await axeClean();
  });

  it.each([
    ['Voluntariado', ['Cuidados vencidos', 'Cuidados de hoy', 'Posibles personas duplicadas']],
    ['Tesorería', ['Posibles personas duplicadas', 'Recibos devueltos sin atender']],
  ])('shows %s no link outside its capabilities, even were the answer to carry more', async (role, expected) => {
    // An answer with every kind (as an older server sent to everybody): the list mirrors the permission table.
    const everything: PendingWork = {
      ...counts,
      solicitudesNuevas: 1,
      turnosSinCubrir: 1,
      cuidadosVencidos: 1,
      cuidadosHoy: 1,
      posiblesDuplicados: 1,
      devolucionesPendientes: 1,
      total: 6,
      trabajosFallidos: { total: 0, items: [] },
    };
    server.use(http.get('/api/pendientes', () => HttpResponse.json(everything)));
    signedInAs(role);
    renderWithProviders(<PendingWorkList enabled onNavigate={() => undefined} />);
    await screen.findByRole('link', { name: /^Posibles personas duplicadas/ });
    const links = linksOf();
    expect(links.map((l) => l.name.replace(/\d+$/, ''))).toEqual(expected);
    for (const { href } of links) expect(can(role, capabilityOf(href)!), href).toBe(true);
    expect(can(role, PENDING_WORK_CAPABILITIES.trabajosFallidos)).toBe(false);
    expect(screen.queryByText(/fallidos/)).not.toBeInTheDocument();
  });
});
