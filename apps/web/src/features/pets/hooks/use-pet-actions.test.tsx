import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { renderHookWithProviders } from '../../../testing/render-with-providers';
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
  version: 5,
  createdAt: '2026-10-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  createdBy: null,
  updatedBy: null,
  deletedAt: null,
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

  it('with open requests, says so and offers to close them; closing is asked of the server with the change', async () => {
    const sent: Record<string, unknown>[] = [];
    answerAdoption(sent);
    const { result, user } = renderHookWithProviders(() => usePetActions());
    act(() => result.current.onToggleAdopted(luna));

    const dialog = await screen.findByRole('dialog', { name: '¿Marcar a Luna como adoptada?' });
    expect(dialog).toHaveTextContent('Luna tiene 2 solicitudes de adopción abiertas.');
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Marcar y cerrar las solicitudes' }));

    expect(await screen.findByText('Luna figura ahora como adoptada. Sus solicitudes abiertas se cerraron.')).toBeInTheDocument();
    expect(sent).toEqual([{ adoptado: '1', version: 4, cerrarSolicitudes: true }]);
  });

  it('can also mark it without closing them, and then offers Deshacer', async () => {
    const sent: Record<string, unknown>[] = [];
    answerAdoption(sent);
    const { result, user } = renderHookWithProviders(() => usePetActions());
    act(() => result.current.onToggleAdopted({ ...luna, solicitudesAbiertas: 1 }));

    const dialog = await screen.findByRole('dialog', { name: '¿Marcar a Luna como adoptada?' });
    expect(dialog).toHaveTextContent('Luna tiene 1 solicitud de adopción abierta.');
    await user.click(within(dialog).getByRole('button', { name: 'Marcar sin cerrarlas' }));
    expect(await screen.findByText('Luna figura ahora como adoptada.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deshacer' })).toBeInTheDocument();
    expect(sent).toEqual([{ adoptado: '1', version: 4 }]);
  });

  it('without open requests, marks it at once', async () => {
    const sent: Record<string, unknown>[] = [];
    answerAdoption(sent);
    const { result } = renderHookWithProviders(() => usePetActions());
    act(() => result.current.onToggleAdopted({ ...luna, solicitudesAbiertas: 0 }));
    expect(await screen.findByText('Luna figura ahora como adoptada.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toEqual([{ adoptado: '1', version: 4 }]);
  });
});
