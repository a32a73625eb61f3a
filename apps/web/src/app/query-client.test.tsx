import { useMutation } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { usePendingWork } from '../features/dashboard/api/get-pending-work';
import { renderWithProviders } from '../testing/render-with-providers';
import { server } from '../testing/server';
import { queryClient } from './query-client';

/** The header's count, as the header reads it. */
function PendingCount() {
  const total = usePendingWork({ enabled: true }).data?.total;
  return <p>{total === undefined ? 'Cargando' : `${total} pendientes`}</p>;
}

/** Any action of the person (here: one that rejects a publication request). */
function Action() {
  const reject = useMutation({
    mutationFn: async () => {
      const res = await fetch('/api/solicitudes-publicacion/1/rechazar', { method: 'POST' });
      if (!res.ok) throw new Error('falló');
    },
  });
  return (
    <button type="button" onClick={() => reject.mutate()}>
      Rechazar
    </button>
  );
}

describe('the app query client', () => {
  afterEach(() => queryClient.clear());

  it("refreshes the header's pending count at once after any of the person's own changes", async () => {
    let pending = 3;
    server.use(
      http.get('/api/pendientes', () =>
        HttpResponse.json({
          solicitudesNuevas: 0,
          solicitudesPublicacionPendientes: pending,
          publicacionesHoy: 0,
          cuidadosVencidos: 0,
          cuidadosHoy: 0,
          mensajesFallidos: 0,
          posiblesDuplicados: 0,
          novedadesAcogida: 0,
          total: pending,
        }),
      ),
      http.post('/api/solicitudes-publicacion/1/rechazar', () => {
        pending -= 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderWithProviders(
      <>
        <PendingCount />
        <Action />
      </>,
      { queryClient },
    );
    expect(await screen.findByText('3 pendientes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rechazar' }));
    // Well within the minute of the count's own refresh interval.
    expect(await screen.findByText('2 pendientes')).toBeInTheDocument();
  });
});
