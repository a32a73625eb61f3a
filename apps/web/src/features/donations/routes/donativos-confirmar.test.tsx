import { DEFAULT_ORG_TIME_ZONE, type Gift, dayInZone } from '@refugio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { answerCommon, gift, giftsPage } from '../testing/fixtures';
import { Component as Donativos } from './donativos-recibidos';

// The organisation's time zone in the fixtures is UTC.
// Today as the screens count it: in the organisation's zone (at 23:30 UTC it is already tomorrow in Madrid).
const today = dayInZone(new Date(), DEFAULT_ORG_TIME_ZONE);
const tomorrow = dayInZone(new Date(Date.now() + 86_400_000), DEFAULT_ORG_TIME_ZONE);

describe('Socios y donativos · Donativos: a pending gift from /colabora', () => {
  it('"Confirmar cobro" starts at today, refuses a future date, keeps the date when the server refuses, and retries with the current version', async () => {
    let current: Gift = gift(3, { estado: 'pendiente', metodo: 'domiciliacion', importeCentimos: 5000, importe: 50, version: 2 });
    const asked: URLSearchParams[] = [];
    const sent: unknown[] = [];
    let refuse = true;
    answerCommon();
    server.use(
      http.get('/api/donativos', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json(giftsPage([current]));
      }),
      http.post('/api/donativos/:id/confirmar', async ({ request, params }) => {
        sent.push({ id: params.id, ...((await request.json()) as object) });
        if (refuse) {
          current = { ...current, version: 3 };
          return HttpResponse.json(
            { code: 'CONFLICT', message: 'Otra persona cambió este donativo mientras lo editabas. Recarga para ver los cambios.' },
            { status: 409 },
          );
        }
        current = { ...current, estado: 'registrado', version: 4 };
        return HttpResponse.json(current);
      }),
    );
    const { user } = renderWithProviders(<Donativos />, { path: '/donativos/recibidos' });

    // The state filter offers "Pendiente" and asks the server for it.
    await user.click(await screen.findByLabelText('Estado', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Pendiente' }));
    await waitFor(() => expect(asked.at(-1)?.get('estado')).toBe('pendiente'));

    // Pending: no "Devuelto", but "Anular" (to reject it) and "Confirmar cobro".
    expect(screen.queryByRole('button', { name: /Registrar la devolución/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Anular el donativo de 50,00 €/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Confirmar cobro del donativo de 50,00 €/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar el cobro' });
    expect(dialog).toHaveTextContent('50,00 €');
    expect(dialog).toHaveTextContent('Ana García');
    const date = within(dialog).getByLabelText(/Fecha del cobro/);
    expect(date).toHaveValue(today);

    await user.clear(date);
    await user.type(date, tomorrow);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar cobro' }));
    expect(await within(dialog).findByText('La fecha no puede ser futura.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.clear(date);
    await user.type(date, '2026-01-15');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar cobro' }));
    expect(await within(dialog).findByText(/Otra persona cambió este donativo/)).toBeInTheDocument();
    expect(sent).toEqual([{ id: '3', version: 2, fecha: '2026-01-15' }]);
    expect(within(dialog).getByLabelText(/Fecha del cobro/)).toHaveValue('2026-01-15');

    // The list was refreshed: the retry carries the version the server has now.
    refuse = false;
    await waitFor(() => expect(asked.length).toBeGreaterThan(2));
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar cobro' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.at(-1)).toEqual({ id: '3', version: 3, fecha: '2026-01-15' });
  });
});
