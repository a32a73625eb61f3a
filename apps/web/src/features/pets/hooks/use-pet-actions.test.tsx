import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { renderHookWithProviders } from '../../../testing/render-with-providers';
import { person } from '../../../testing/person-fixture';
import { server } from '../../../testing/server';
import type { PetListItemView } from '../api/pet-view';
import { usePetActions } from './use-pet-actions';

const luna: PetListItemView = {
  id: 9,
  nombre: 'Luna',
  edad: '2 años',
  tipo: 'Perro',
  genero: 'hembra',
  tamano: 'mediano',
  adoptado: false,
  discapacidad: false,
  tags: [],
  estado: 'publicada',
  publicarEn: null,
  thumbnailUrl: null,
  version: 4,
  updatedAt: '2026-11-01T10:00:00.000Z',
  deletedAt: null,
  solicitudesAbiertas: 2,
  campos: {},
};

/** The pet as the server answers after the change. */
const answered = (body: Record<string, unknown>) => ({
  id: 9,
  nombre: 'Luna',
  edad: '2 años',
  tipo: 'Perro',
  genero: 'hembra',
  tamano: 'mediano',
  fechaingreso: '2024-03-05 00:00:00',
  personalidad: '',
  historia: '',
  adoptado: body.adoptado,
  discapacidad: '0',
  tags: '[]',
  imagenprincipal: '',
  imagenprincipalUrl: null,
  thumbnailUrl: null,
  estado: 'publicada',
  publicarEn: null,
  raza: '',
  color: '',
  fechaNacimiento: '',
  fechaNacimientoAprox: '0',
  microchip: '',
  esterilizado: 'desconocido',
  fechaEsterilizacion: '',
  procedencia: '',
  procedenciaDetalle: '',
  pesoKg: null,
  version: 5,
  createdAt: '2026-10-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  createdBy: null,
  updatedBy: null,
  deletedAt: null,
  ubicacion: body.adoptado === '1' ? { tipo: 'adoptado', desde: '2026-11-02' } : { tipo: 'refugio', desde: '2026-11-02' },
  campos: {},
});

function answerAdoption(sent: Record<string, unknown>[]) {
  server.use(
    http.post('/phpApi/mascota/9/adopcion', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return HttpResponse.json(answered(body));
    }),
  );
}

describe('usePetActions: marking a pet adopted from the list', () => {
  // Toasts and dialogs live in global stores: each test starts without the previous one's.
  afterEach(() => {
    notifications.clean();
    modals.closeAll();
  });

  it('asks for the adopter: finds a person and sends personaId, closing the open requests (checked by default)', async () => {
    const sent: Record<string, unknown>[] = [];
    answerAdoption(sent);
    const searched: string[] = [];
    server.use(
      http.get('/api/personas', ({ request }) => {
        searched.push(new URL(request.url).searchParams.get('q') ?? '');
        return HttpResponse.json({ items: [person(3, { nombre: 'Ana', apellidos: 'Gil' })], total: 1, page: 1, pageSize: 8 });
      }),
    );
    const { result, user } = renderHookWithProviders(() => usePetActions());
    act(() => result.current.onToggleAdopted(luna));

    const dialog = await screen.findByRole('dialog', { name: '¿Marcar a Luna como adoptada?' });
    const close = await within(dialog).findByRole('checkbox', { name: /Cerrar las 2 solicitudes de adopción abiertas/ });
    expect(close).toBeChecked();
    // Without a person, the main action asks for one (or "Sin persona") and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como adoptada' }));
    expect(await within(dialog).findByText('Elige la persona que adopta o marca «Sin persona».')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Persona que adopta' }), 'ana');
    await user.click(await within(dialog).findByRole('radio', { name: 'Ana Gil' }));
    expect(searched).toContain('ana');
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como adoptada' }));

    expect(await screen.findByText('Luna figura ahora como adoptada. Sus solicitudes abiertas se cerraron.')).toBeInTheDocument();
    expect(sent).toEqual([{ adoptado: '1', version: 4, cerrarSolicitudes: true, personaId: 3 }]);
  });

  it('allows "Sin persona" explicitly, without closing the requests when unchecked, and then offers Deshacer', async () => {
    const sent: Record<string, unknown>[] = [];
    answerAdoption(sent);
    const { result, user } = renderHookWithProviders(() => usePetActions());
    act(() => result.current.onToggleAdopted({ ...luna, solicitudesAbiertas: 1 }));

    const dialog = await screen.findByRole('dialog', { name: '¿Marcar a Luna como adoptada?' });
    await user.click(await within(dialog).findByRole('checkbox', { name: /Cerrar la solicitud de adopción abierta/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Sin persona' }));
    expect(await screen.findByText('Luna figura ahora como adoptada.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deshacer' })).toBeInTheDocument();
    expect(sent).toEqual([{ adoptado: '1', version: 4 }]);
  });

  it('creates the adopter inline when they are not found, and sends the new person', async () => {
    const sent: Record<string, unknown>[] = [];
    answerAdoption(sent);
    const created: unknown[] = [];
    server.use(
      http.get('/api/personas', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 8 })),
      http.post('/api/personas', async ({ request }) => {
        created.push(await request.json());
        return HttpResponse.json(person(7, { nombre: 'Rosa', apellidos: 'Pérez', email: 'rosa@example.com', telefono: null }), { status: 201 });
      }),
    );
    const { result, user } = renderHookWithProviders(() => usePetActions());
    act(() => result.current.onToggleAdopted({ ...luna, solicitudesAbiertas: 0 }));

    const dialog = await screen.findByRole('dialog', { name: '¿Marcar a Luna como adoptada?' });
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    await user.type(await within(dialog).findByRole('textbox', { name: 'Persona que adopta' }), 'Rosa');
    expect(await within(dialog).findByText('Ninguna persona coincide con «Rosa».')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Crear una persona nueva' }));
    // Neither e-mail nor phone: the contracts' message, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Crear persona' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(created).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Correo electrónico' }), 'rosa@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Crear persona' }));
    expect(await within(dialog).findByText('Rosa Pérez')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como adoptada' }));

    expect(await screen.findByText('Luna figura ahora como adoptada.')).toBeInTheDocument();
    expect(created).toEqual([expect.objectContaining({ nombre: 'Rosa', email: 'rosa@example.com' })]);
    expect(sent).toEqual([{ adoptado: '1', version: 4, personaId: 7 }]);
  });
});
