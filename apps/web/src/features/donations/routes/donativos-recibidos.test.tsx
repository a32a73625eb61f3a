import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { answerCommon, gift, giftsPage } from '../testing/fixtures';
import { Component as Donativos } from './donativos-recibidos';

function answerGifts() {
  const asked: URLSearchParams[] = [];
  answerCommon();
  server.use(
    http.get('/api/donativos', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const items = [
        gift(1),
        gift(2, { persona: null, concepto: 'evento', importeCentimos: 100_000_000, importe: 1_000_000, metodo: 'efectivo' }),
      ].filter((g) => !query.get('concepto') || g.concepto === query.get('concepto'));
      return HttpResponse.json(giftsPage(items, 100_001_250));
    }),
  );
  return asked;
}

describe('Socios y donativos · Donativos', () => {
  it('lists gifts, anonymous ones named so, with the filtered total in Spanish', async () => {
    answerGifts();
    renderWithProviders(<Donativos />, { path: '/donativos/recibidos' });
    expect(await screen.findByText('1.000.012,50 €')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Ana García' })[0]).toHaveAttribute('href', '/personas/7');
    expect(screen.getByText('Anónimo')).toBeInTheDocument();
    expect(screen.getByText('1.000.000,00 €')).toBeInTheDocument();
    expect(screen.getByText('12,50 €')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Donativos' })).toHaveAttribute('aria-current', 'page');
  });

  it('filters by dates and concept, refuses a reversed range, and exports with the same filters', async () => {
    const asked = answerGifts();
    const { user } = renderWithProviders(<Donativos />, { path: '/donativos/recibidos' });
    await screen.findByText('12,50 €');
    await user.type(screen.getByLabelText('Desde'), '2026-03-01');
    await waitFor(() => expect(asked.at(-1)?.get('desde')).toBe('2026-03-01'));

    await user.click(screen.getByLabelText('Concepto', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Evento' }));
    await waitFor(() => expect(asked.at(-1)?.get('concepto')).toBe('evento'));
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute('href', '/api/donativos.csv?desde=2026-03-01&concepto=evento');

    await user.type(screen.getByLabelText('Hasta'), '2026-02-01');
    expect(await screen.findByText('La fecha «hasta» no puede ser anterior a «desde».')).toBeInTheDocument();
    expect(asked.every((q) => q.get('hasta') === null)).toBe(true);
  });

  it('"Registrar donativo" sends the amount as typed ("12,50"), never a float, and keeps what was typed when refused', async () => {
    answerGifts();
    const sent: Record<string, unknown>[] = [];
    let refuse = true;
    server.use(
      http.post('/api/donativos', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        if (refuse)
          return HttpResponse.json(
            { code: 'VALIDATION_ERROR', message: 'Revisa los datos.', fieldErrors: { fecha: 'La fecha no puede ser futura.' } },
            { status: 400 },
          );
        return HttpResponse.json(gift(3), { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<Donativos />, { path: '/donativos/recibidos' });
    await screen.findByText('12,50 €');
    await user.click(screen.getByRole('button', { name: 'Registrar donativo' }));
    const form = screen.getByRole('region', { name: 'Registrar donativo' });

    // A wrong amount is caught here, with the contracts' words, and nothing is sent.
    await user.type(within(form).getByRole('textbox', { name: /Importe/ }), '12,345');
    await user.click(within(form).getByRole('button', { name: 'Guardar donativo' }));
    expect(await within(form).findByText(/Escribe un importe en euros/)).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    const amount = within(form).getByRole('textbox', { name: /Importe/ });
    await user.clear(amount);
    await user.type(amount, '1.234,50');
    await user.type(within(form).getByRole('textbox', { name: /Referencia/ }), 'Caja de Navidad');
    await user.click(within(form).getByRole('button', { name: 'Guardar donativo' }));
    expect(await within(form).findByText('La fecha no puede ser futura.')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ importe: '1.234,50', metodo: 'transferencia', concepto: 'donativo', referencia: 'Caja de Navidad' });
    expect(sent[0]).not.toHaveProperty('personaId');
    expect(within(form).getByRole('textbox', { name: /Importe/ })).toHaveValue('1.234,50');
    expect(within(form).getByRole('textbox', { name: /Referencia/ })).toHaveValue('Caja de Navidad');

    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Guardar donativo' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Registrar donativo' })).not.toBeInTheDocument());
    expect(sent).toHaveLength(2);
  });

  it('"Anular" asks for the reason in a dialog and sends it with the version', async () => {
    answerGifts();
    const sent: unknown[] = [];
    server.use(
      http.post('/api/donativos/:id/anular', async ({ request, params }) => {
        sent.push({ id: params.id, ...((await request.json()) as object) });
        return HttpResponse.json(gift(1, { estado: 'anulado', anuladoMotivo: 'Duplicado', version: 2 }));
      }),
    );
    const { user } = renderWithProviders(<Donativos />, { path: '/donativos/recibidos' });
    await user.click(await screen.findByRole('button', { name: /Anular el donativo de 12,50 €/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Anular el donativo' });
    await user.click(within(dialog).getByRole('button', { name: 'Anular donativo' }));
    expect(await within(dialog).findByText('Escribe el motivo.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo' }), 'Duplicado');
    await user.click(within(dialog).getByRole('button', { name: 'Anular donativo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ id: '1', motivo: 'Duplicado', version: 1 }]);
  });
});
