import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render-with-providers';
import { server } from '../testing/server';
import { useCapabilities } from './role-lookup';

function Probe() {
  const may = useCapabilities();
  return (
    <ul>
      <li>dinero: {may('dinero') ? 'sí' : 'no'}</li>
      <li>mascotas.editar: {may('mascotas.editar') ? 'sí' : 'no'}</li>
    </ul>
  );
}

const session = (role: string) =>
  http.get('/api/auth/get-session', () => HttpResponse.json({ user: { id: 'u7', email: 'eva@refugio.test', name: 'Eva', lastname: 'Sanz', role } }));

describe('useCapabilities: the buttons and sections follow the organisation role', () => {
  it("takes an organisation role's own capabilities from the role lookup, over its built-in base", async () => {
    // «Voluntariado con caja»: based on Voluntariado (no money), with «dinero» added and «mascotas.editar» removed.
    server.use(
      session('Voluntariado'),
      http.get('/api/functions/getUserRoleByUid', () =>
        HttpResponse.json({ rol: 'Voluntariado', rolOrganizacion: 'Voluntariado con caja', capacidades: ['cuenta', 'dinero'], enmascarar: true }),
      ),
    );
    renderWithProviders(<Probe />);
    expect(await screen.findByText('dinero: sí')).toBeInTheDocument();
    expect(screen.getByText('mascotas.editar: no')).toBeInTheDocument();
  });

  it("falls back to the session's built-in role while the lookup fails", async () => {
    server.use(
      session('Equipo'),
      http.get('/api/functions/getUserRoleByUid', () => HttpResponse.json({ message: 'caído' }, { status: 500 })),
    );
    renderWithProviders(<Probe />);
    expect(await screen.findByText('mascotas.editar: sí')).toBeInTheDocument();
    expect(screen.getByText('dinero: no')).toBeInTheDocument();
  });
});
