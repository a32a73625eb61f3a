import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { answerCommon, fee, feesPage } from '../testing/fixtures';
import { Component as Cuotas } from './cuotas';

function answerFees(
  items = [
    fee(1),
    fee(2, {
      tipo: 'padrino',
      mascota: { id: 9, nombre: 'Canela' },
      importeCentimos: 1000,
      importe: 10,
      metodoPago: 'bizum',
      iban: null,
      mandato: null,
      periodicidad: 'trimestral',
    }),
  ],
) {
  const asked: URLSearchParams[] = [];
  answerCommon();
  server.use(
    http.get('/api/cuotas', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const shown = items.filter((f) => !query.get('tipo') || f.tipo === query.get('tipo'));
      return HttpResponse.json(feesPage(shown, 123789));
    }),
  );
  return asked;
}

describe('Socios y donativos · Cuotas', () => {
  it('lists fees with the person linked, the amount in Spanish, the IBAN masked and the monthly equivalent', async () => {
    answerFees();
    renderWithProviders(<Cuotas />, { path: '/donativos' });

    const links = await screen.findAllByRole('link', { name: 'Ana García' });
    expect(links[0]).toHaveAttribute('href', '/personas/7');
    expect(screen.getByText('1.234,56 €')).toBeInTheDocument();
    expect(screen.getByText('ES91 **** **** **** **** 1332')).toBeInTheDocument();
    expect(screen.getByText('Canela')).toBeInTheDocument();
    expect(screen.getByText('1.237,89 €')).toBeInTheDocument();
    expect(screen.getByText(/2 cuotas/)).toBeInTheDocument();
    // The tabs: links, the current one marked.
    const tabs = screen.getByRole('navigation', { name: 'Secciones de socios y donativos' });
    expect(within(tabs).getByRole('link', { name: 'Cuotas' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Remesas' })).toHaveAttribute('href', '/donativos/remesas');
    expect(within(tabs).getByRole('link', { name: 'Importar extracto' })).toHaveAttribute('href', '/donativos/importar');
    expect(within(tabs).getByRole('link', { name: 'Modelo 182' })).toHaveAttribute('href', '/donativos/modelo-182');
  });

  it('filters by type through the server, and the export links carry the filter', async () => {
    const asked = answerFees();
    const { user, router } = renderWithProviders(<Cuotas />, { path: '/donativos' });
    await screen.findByText('1.234,56 €');

    await user.click(screen.getByLabelText('Tipo', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Padrino' }));
    await waitFor(() => expect(router.state.location.search).toContain('tipo=padrino'));
    await waitFor(() => expect(asked.at(-1)?.get('tipo')).toBe('padrino'));
    await waitFor(() => expect(screen.queryByText('1.234,56 €')).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute('href', '/api/cuotas.csv?tipo=padrino');
    expect(screen.getByRole('link', { name: 'Exportar Excel' })).toHaveAttribute('href', '/api/cuotas.xlsx?tipo=padrino');
  });

  it('"Dar de baja" asks for the date and the reason, keeps them when the server refuses, and sends the version', async () => {
    answerFees([fee(1)]);
    const sent: unknown[] = [];
    let refuse = true;
    server.use(
      http.post('/api/cuotas/:id/baja', async ({ request, params }) => {
        sent.push({ id: params.id, ...((await request.json()) as object) });
        if (refuse) return HttpResponse.json({ code: 'CONFLICT', message: 'Otra persona cambió esta cuota mientras la editabas.' }, { status: 409 });
        return HttpResponse.json(fee(1, { estado: 'baja', hasta: '2026-02-01', version: 4 }));
      }),
    );
    const { user } = renderWithProviders(<Cuotas />, { path: '/donativos' });
    await user.click(await screen.findByRole('button', { name: 'Dar de baja la cuota 1 de Ana García' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dar de baja la cuota' });

    // No reason: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Dar de baja' }));
    expect(await within(dialog).findByText('Escribe el motivo.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    const date = within(dialog).getByLabelText(/Fecha de baja/);
    await user.clear(date);
    await user.type(date, '2026-02-01');
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo' }), 'Se muda');
    await user.click(within(dialog).getByRole('button', { name: 'Dar de baja' }));
    expect(await within(dialog).findByText(/Otra persona cambió esta cuota/)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Motivo' })).toHaveValue('Se muda');
    expect(sent).toEqual([{ id: '1', fecha: '2026-02-01', motivo: 'Se muda', version: 3 }]);

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Dar de baja' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toHaveLength(2);
  });
});
