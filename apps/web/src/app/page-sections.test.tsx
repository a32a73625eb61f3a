import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PageSectionsProvider } from '../components/ui/page-sections';
import { PetLocation } from '../features/pets/components/pet-location';
import { renderWithProviders } from '../testing/render-with-providers';
import { server } from '../testing/server';
import { pageSections } from './page-sections';

const movement = (id: number, tipo: string, persona: { id: number; nombre: string } | null) => ({
  id,
  tipo,
  fecha: '2026-11-20',
  persona,
  motivo: tipo === 'devolucion' ? 'Alergia en casa' : '',
  veterinario: '',
  procedencia: null,
  procedenciaDetalle: '',
  notas: '',
  abierta: false,
  creadoPor: 'Ana',
  createdAt: '2026-11-20T10:00:00.000Z',
});

describe('the pet timeline with the sections app/ composes', () => {
  it('gives a return with a person its "Acta de devolución", and no other movement', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/auth/get-session', () =>
        HttpResponse.json({ user: { id: 'u1', email: 'ana@refugio.test', name: 'Ana', lastname: 'Ruiz', role: 'Equipo' } }),
      ),
      http.get('/api/mascotas/2/movimientos', () =>
        HttpResponse.json({
          ubicacion: { tipo: 'refugio', desde: '2026-11-20' },
          movimientos: [
            movement(12, 'devolucion', { id: 3, nombre: 'Andrés Gil' }),
            movement(11, 'adopcion', { id: 3, nombre: 'Andrés Gil' }),
            movement(10, 'ingreso', null),
          ],
          version: 4,
        }),
      ),
      http.get('/api/documentos', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('movimientoId') ?? '');
        return HttpResponse.json({ items: [] });
      }),
    );
    renderWithProviders(
      <PageSectionsProvider value={pageSections}>
        <PetLocation petId={2} petName="Tango" publicUrl={null} />
      </PageSectionsProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Acta de devolución' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Preparar acta' })).toBeInTheDocument();
    await waitFor(() => expect(asked).toEqual(['12']));
    expect(screen.getAllByRole('heading', { name: 'Acta de devolución' })).toHaveLength(1);
  });

  it('shows a vet no contracts box: the permission table gives Veterinaria no documents', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/auth/get-session', () =>
        HttpResponse.json({ user: { id: 'u2', email: 'vet@refugio.test', name: 'Vera', lastname: 'Sanz', role: 'Veterinaria' } }),
      ),
      http.get('/api/mascotas/2/movimientos', () =>
        HttpResponse.json({
          ubicacion: { tipo: 'refugio', desde: '2026-11-20' },
          movimientos: [movement(12, 'devolucion', { id: 3, nombre: 'Andrés Gil' })],
          version: 1,
        }),
      ),
      http.get('/api/documentos', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('movimientoId') ?? '');
        return HttpResponse.json({ items: [] });
      }),
    );
    renderWithProviders(
      <PageSectionsProvider value={pageSections}>
        <PetLocation petId={2} petName="Tango" publicUrl={null} />
      </PageSectionsProvider>,
    );
    expect((await screen.findAllByText(/Andrés Gil/)).length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('heading', { name: 'Acta de devolución' })).toBeNull();
    expect(asked).toEqual([]);
  });
});
