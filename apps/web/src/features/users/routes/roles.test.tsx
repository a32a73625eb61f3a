import type { OrganizationRole } from '@refugio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { Component as Roles } from './roles';

const shop: OrganizationRole = {
  id: 7,
  nombre: 'Tienda solidaria',
  basadoEn: 'Equipo',
  capacidades: ['cuenta', 'mascotas.ver', 'dinero'],
  enmascarar: false,
  version: 3,
  usuarios: 2,
  creadoEn: '2026-01-01T00:00:00.000Z',
  actualizadoEn: '2026-01-01T00:00:00.000Z',
};

describe('Roles de la organización', () => {
  it('lists the roles and creates one from one of the six, with capabilities ticked and unticked', async () => {
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.get('/api/roles', () => HttpResponse.json({ items: [shop] })),
      http.post('/api/roles', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...shop, id: 8, ...sent, usuarios: 0, version: 1 }, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<Roles />, { path: '/roles' });
    expect(await screen.findByRole('heading', { name: 'Tienda solidaria' })).toBeInTheDocument();
    expect(screen.getByText(/Basado en Equipo · 2 usuarios/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Nuevo rol' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo rol' });
    await user.type(within(dialog).getByRole('textbox', { name: /nombre del rol/i }), 'Recepción');
    // Equipo's capabilities to start with; each described in Spanish; what stays with Administrador is not offered.
    const edit = within(dialog).getByRole('checkbox', { name: /mascotas\.editar/ });
    expect(edit).toBeChecked();
    expect(within(dialog).getByText(/Dar de alta, editar, eliminar y restaurar animales/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: /^usuarios/ })).toBeNull();
    expect(within(dialog).getByRole('checkbox', { name: /cuenta/ })).toBeDisabled();
    await user.click(edit);
    await user.click(within(dialog).getByRole('checkbox', { name: /^dinero/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Crear rol' }));

    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toMatchObject({ nombre: 'Recepción', basadoEn: 'Equipo', enmascarar: false });
    expect(sent!.capacidades).toContain('dinero');
    expect(sent!.capacidades).not.toContain('mascotas.editar');
  });

  it("shows the server's reason when a role in use cannot be deleted, after asking", async () => {
    let deletes = 0;
    server.use(
      http.get('/api/roles', () => HttpResponse.json({ items: [shop] })),
      http.delete('/api/roles/7', () => {
        deletes += 1;
        return HttpResponse.json(
          { code: 'CONFLICT', message: 'No se puede eliminar: 2 usuarios tienen este rol. Asígnales antes otro rol.', requestId: 'r' },
          { status: 409 },
        );
      }),
    );
    const { user } = renderWithProviders(<Roles />, { path: '/roles' });
    await user.click(await screen.findByRole('button', { name: 'Eliminar Tienda solidaria' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar el rol' });
    expect(deletes).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('2 usuarios tienen este rol');
    expect(deletes).toBe(1);
  });

  it('renames a role at the version it read', async () => {
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.get('/api/roles', () => HttpResponse.json({ items: [shop] })),
      http.put('/api/roles/7', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...shop, ...sent, version: 4 });
      }),
    );
    const { user } = renderWithProviders(<Roles />, { path: '/roles' });
    await user.click(await screen.findByRole('button', { name: 'Editar Tienda solidaria' }));
    const dialog = await screen.findByRole('dialog', { name: /Editar el rol/ });
    const name = within(dialog).getByRole('textbox', { name: /nombre del rol/i });
    await user.clear(name);
    await user.type(name, 'Tienda');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(sent).toMatchObject({ nombre: 'Tienda', version: 3, capacidades: shop.capacidades }));
  });
});
