import type { Fee, Gift } from '@refugio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { answerCommon, fee, feesPage, gift, giftsPage } from '../testing/fixtures';
import { Component as Cuotas } from './cuotas';
import { Component as Donativos } from './donativos-recibidos';

/*
 * Issue 47: whether a gift is deductible (Ley 49/2002 art. 24), and what a /colabora submission said that differs from
 * the person's record ("Usar estos datos"), on the money screens.
 */

async function expectNoAxeViolations() {
  // Colour contrast needs a real browser (the journeys check it); `region`: the screen is rendered outside the app shell.
  const audit = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  expect(audit.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
}

/** Answers `GET /api/donativos` with `current()`, read at each request. */
function answerGifts(current: () => Gift[], role = 'Administrador') {
  answerCommon(role);
  server.use(http.get('/api/donativos', () => HttpResponse.json(giftsPage(current(), 1250))));
}

const differences: Gift['diferencias'] = [
  { campo: 'nif', enFicha: null, enviado: '12345678Z' },
  { campo: 'codigoPostal', enFicha: '28001', enviado: '08001' },
];

describe('Socios y donativos · deductible gifts and the data sent from /colabora', () => {
  it('"Deducible": the concept default explained, sent with the version, a 409 shown in Spanish; the list marks "No deducible"', async () => {
    let current = gift(1, { version: 4 });
    const ticket = gift(2, { concepto: 'evento', deducible: false, persona: { id: 8, nombre: 'Bruno Sanz' } });
    const annulled = gift(3, { estado: 'anulado', anuladoMotivo: 'Duplicado', persona: { id: 9, nombre: 'Carla Ruiz' } });
    answerGifts(() => [current, ticket, annulled]);
    const sent: unknown[] = [];
    let refuse = true;
    server.use(
      http.patch('/api/donativos/:id', async ({ request, params }) => {
        sent.push({ id: params.id, ...((await request.json()) as object) });
        if (refuse)
          return HttpResponse.json({ code: 'CONFLICT', message: 'Otra persona cambió este donativo mientras lo editabas.' }, { status: 409 });
        current = gift(1, { deducible: false, version: 5 });
        return HttpResponse.json(current);
      }),
    );
    const { user } = renderWithProviders(<Donativos />, { path: '/donativos/recibidos' });
    const ana = await screen.findByRole('switch', { name: /^Deducible: donativo de 12,50 € .* de Ana García$/ });
    expect(ana).toBeChecked();
    expect(screen.getByText('Como su concepto (Donativo) por defecto')).toBeInTheDocument();
    // The dinner ticket: not deductible by its concept, and shown so.
    expect(screen.getByRole('switch', { name: /de Bruno Sanz$/ })).not.toBeChecked();
    expect(screen.getByText('Como su concepto (Evento) por defecto')).toBeInTheDocument();
    expect(screen.getAllByText('No deducible')).toHaveLength(1);
    // An annulled gift cannot change (the server answers 409): no switch.
    expect(screen.queryByRole('switch', { name: /de Carla Ruiz$/ })).not.toBeInTheDocument();
    await expectNoAxeViolations();

    await user.click(ana);
    expect(await screen.findByText('Otra persona cambió este donativo mientras lo editabas.')).toBeInTheDocument();
    expect(sent).toEqual([{ id: '1', deducible: false, version: 4 }]);
    await waitFor(() => expect(screen.getByRole('switch', { name: /de Ana García$/ })).toBeChecked());

    refuse = false;
    await user.click(screen.getByRole('switch', { name: /de Ana García$/ }));
    await waitFor(() => expect(screen.getByRole('switch', { name: /de Ana García$/ })).not.toBeChecked());
    expect(sent.at(-1)).toEqual({ id: '1', deducible: false, version: 4 });
    expect(screen.getByText('Por su concepto (Donativo) sería deducible')).toBeInTheDocument();
    expect(screen.getAllByText('No deducible')).toHaveLength(2);
  });

  it('"Registrar donativo": "Deducible" follows the concept (an event is not) and sends what the person chose', async () => {
    answerGifts(() => [gift(1)]);
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/donativos', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(gift(3), { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<Donativos />, { path: '/donativos/recibidos' });
    await screen.findAllByText('12,50 €');
    await user.click(screen.getByRole('button', { name: 'Registrar donativo' }));
    const form = screen.getByRole('region', { name: 'Registrar donativo' });
    const deductible = within(form).getByRole('switch', { name: 'Deducible' });
    expect(deductible).toBeChecked();
    await user.click(within(form).getByLabelText(/^Concepto/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Evento' }));
    expect(within(form).getByRole('switch', { name: 'Deducible' })).not.toBeChecked();
    expect(within(form).getByText(/Por su concepto \(Evento\), no lo es por defecto/)).toBeInTheDocument();
    await user.click(within(form).getByRole('switch', { name: 'Deducible' }));
    await user.type(within(form).getByRole('textbox', { name: /Importe/ }), '20');
    await user.click(within(form).getByRole('button', { name: 'Guardar donativo' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ concepto: 'evento', deducible: true });
  });

  it('a gift whose /colabora data differ from the record: shows both, "Usar estos datos" confirmed, then the person refreshed', async () => {
    let current = gift(1, { estado: 'pendiente', diferencias: differences });
    answerGifts(() => [current]);
    const applied: unknown[] = [];
    server.use(
      http.post('/api/donativos/:id/usar-datos', async ({ request, params }) => {
        applied.push({ id: params.id, ...((await request.json()) as object) });
        current = gift(1, { estado: 'pendiente', diferencias: [], version: 2 });
        return HttpResponse.json(current);
      }),
    );
    const { user, queryClient } = renderWithProviders(<Donativos />, { path: '/donativos/recibidos' });
    queryClient.setQueryData(['persons', 'detail', 7], { id: 7, nif: null });
    const shown = await screen.findByRole('list', { name: 'Datos enviados distintos de la ficha de Ana García' });
    expect(shown).toHaveTextContent('NIF: enviado 12345678Z, en la ficha nada');
    expect(shown).toHaveTextContent('Código postal: enviado 08001, en la ficha 28001');
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Usar estos datos en la ficha de Ana García' }));
    const dialog = await screen.findByRole('dialog', { name: 'Usar los datos enviados' });
    expect(dialog).toHaveTextContent('NIF: 12345678Z (en la ficha: nada)');
    expect(dialog).toHaveTextContent('Código postal: 08001 (en la ficha: 28001)');
    await expectNoAxeViolations();
    // Cancelled: nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(applied).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Usar estos datos en la ficha de Ana García' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Usar los datos enviados' })).getByRole('button', { name: 'Usar estos datos' }),
    );
    await waitFor(() => expect(applied).toEqual([{ id: '1' }]));
    expect(await screen.findByText('Los datos enviados están en la ficha de Ana García.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('list', { name: /Datos enviados distintos/ })).not.toBeInTheDocument());
    expect(queryClient.getQueryState(['persons', 'detail', 7])?.isInvalidated).toBe(true);
  });

  it('a fee from /colabora: "Usar estos datos" calls the fee\'s route; a 409 is shown in Spanish; a role the server refuses sees no button', async () => {
    const pending = (): Fee =>
      fee(5, { estado: 'pendiente', diferencias: [{ campo: 'direccion', enFicha: 'Calle Mayor 1', enviado: 'Otra calle 9' }] });
    answerCommon();
    server.use(
      http.get('/api/cuotas', () => HttpResponse.json(feesPage([pending()]))),
      http.post('/api/cuotas/:id/usar-datos', ({ params }) =>
        HttpResponse.json(
          { code: 'CONFLICT', message: `No hay datos enviados que aplicar a la ficha (cuota ${String(params.id)}).` },
          { status: 409 },
        ),
      ),
    );
    const { user, unmount } = renderWithProviders(<Cuotas />, { path: '/donativos' });
    const shown = await screen.findByRole('list', { name: 'Datos enviados distintos de la ficha de Ana García' });
    expect(shown).toHaveTextContent('Dirección: enviado Otra calle 9, en la ficha Calle Mayor 1');
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Usar estos datos en la ficha de Ana García' }));
    const dialog = await screen.findByRole('dialog', { name: 'Usar los datos enviados' });
    expect(dialog).toHaveTextContent('con la cuota desde /colabora');
    await user.click(within(dialog).getByRole('button', { name: 'Usar estos datos' }));
    expect(await screen.findByText('No hay datos enviados que aplicar a la ficha (cuota 5).')).toBeInTheDocument();
    unmount();

    // The browser mirrors the permission table (capability `dinero`): Equipo is shown no button.
    answerCommon('Equipo');
    renderWithProviders(<Cuotas />, { path: '/donativos' });
    await screen.findByRole('list', { name: /Datos enviados distintos/ });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Usar estos datos/ })).not.toBeInTheDocument());
  });
});
