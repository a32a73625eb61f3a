import type { Remesa, RemesaLine, RemesaPreview, RemesasResponse } from '@refugio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { Component as RemesasScreen } from './remesas';

const line = (over: Partial<RemesaLine>): RemesaLine => ({
  cuotaId: 1,
  tipo: 'socio',
  periodicidad: 'mensual',
  periodoDesde: '2030-01-01',
  persona: { id: 3, nombre: 'Lucía Pérez' },
  mascota: null,
  importe: 12.5,
  importeCentimos: 1250,
  iban: 'ES79 **** **** **** **** 6789',
  mandato: { referencia: 'MANDATO-A', fechaFirma: '2026-01-01' },
  secuencia: 'FRST',
  referencia: 'R7-C1-20300101',
  donativo: { id: 41, concepto: 'cuota', estado: 'registrado', version: 1 },
  ...over,
});
const lines = [
  line({}),
  line({
    cuotaId: 2,
    tipo: 'padrino',
    periodicidad: 'trimestral',
    persona: { id: 4, nombre: 'Berta Gil' },
    mascota: { id: 9, nombre: 'Luna' },
    importe: 0.1,
    importeCentimos: 10,
    referencia: 'R7-C2-20300101',
    donativo: { id: 42, concepto: 'apadrinamiento', estado: 'devuelto', version: 2 },
  }),
];
const made: Remesa = {
  id: 7,
  fechaCobro: '2030-01-21',
  numero: 2,
  importeTotal: 12.6,
  importeTotalCentimos: 1260,
  estado: 'emitida',
  devueltas: 1,
  creadaPor: 'Ana Admin',
  createdAt: '2029-12-30T10:00:00.000Z',
  cuotas: lines,
  excluidas: [],
};
const { cuotas: _lines, excluidas: _excluded, ...summary } = made;

describe('Remesas', { timeout: 30_000 }, () => {
  it('previews the due fees, issues the batch after confirming, offers the XML and records a returned debit with its reason', async () => {
    const posted: string[] = [];
    let issued = false;
    server.use(
      http.get('/api/remesas', () => {
        const list: RemesasResponse = { items: issued ? [summary] : [], total: issued ? 1 : 0, page: 1, pageSize: 25 };
        return HttpResponse.json(list);
      }),
      http.get('/api/remesas/previsualizacion', ({ request }) => {
        const fechaCobro = new URL(request.url).searchParams.get('fechaCobro')!;
        const preview: RemesaPreview = { fechaCobro, numero: 2, importeTotal: 12.6, importeTotalCentimos: 1260, cuotas: [], excluidas: [] };
        return HttpResponse.json(preview);
      }),
      http.post('/api/remesas', async ({ request }) => {
        posted.push(`remesa ${await request.text()}`);
        issued = true;
        return HttpResponse.json(made, { status: 201 });
      }),
      http.get('/api/remesas/:id', () => HttpResponse.json(made)),
      http.post('/api/donativos/:id/devolucion', async ({ params, request }) => {
        posted.push(`devolucion ${String(params.id)} ${await request.text()}`);
        return HttpResponse.json({ code: 'CONFLICT', message: 'Este cobro ya está devuelto.', requestId: 'x' }, { status: 409 });
      }),
    );
    const { user, router } = renderWithProviders(<p>Inicio</p>, { routes: [{ path: '/donativos/remesas', element: <RemesasScreen /> }] });
    await router.navigate('/donativos/remesas');
    expect(await screen.findByRole('heading', { name: 'Remesas', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Aún no se ha emitido ninguna remesa.')).toBeInTheDocument();

    // A day in the past is refused before anything is asked.
    const day = screen.getByLabelText(/Fecha de cobro/);
    await user.type(day, '2020-01-01');
    expect(screen.getByText('La fecha de cobro no puede ser anterior a hoy.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revisar remesa' })).toBeDisabled();

    // A Sunday and Christmas are refused with the next business day named.
    await user.clear(day);
    await user.type(day, '2030-01-20');
    expect(
      screen.getByText(
        'El 20 de enero de 2030 cae en fin de semana: los bancos solo cobran en días hábiles. Elige otro día; el siguiente hábil es el 21 de enero de 2030.',
      ),
    ).toBeInTheDocument();
    await user.clear(day);
    await user.type(day, '2030-12-25');
    expect(screen.getByText(/^El 25 de diciembre de 2030 es festivo para los bancos \(Navidad\).*el 27 de diciembre de 2030\.$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revisar remesa' })).toBeDisabled();

    await user.clear(day);
    await user.type(day, '2030-01-21');
    await user.click(screen.getByRole('button', { name: 'Revisar remesa' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Emitir la remesa?' });
    expect(dialog).toHaveTextContent('Se cobrarán 2 cuotas por un total de 12,60 € el 21/01/2030.');
    expect(posted).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Emitir remesa' }));
    await waitFor(() => expect(posted).toEqual(['remesa {"fechaCobro":"2030-01-21"}']));
    expect(await screen.findByText(/Remesa emitida: 2 cuotas por 12,60 €/)).toBeInTheDocument();
    // The chosen day stays in the field.
    expect(day).toHaveValue('2030-01-21');

    // The batch opens: its file, its fees with the IBAN masked and the gift's state.
    expect(await screen.findByRole('heading', { name: 'Remesa del 21/01/2030' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?remesa=7');
    const xmlLinks = screen.getAllByRole('link', { name: /XML/ });
    expect(xmlLinks.map((a) => a.getAttribute('href'))).toEqual(['/api/remesas/7/xml', '/api/remesas/7/xml']);
    const fees = within(screen.getByRole('list', { name: 'Cuotas de la remesa' }));
    const lucia = fees.getByRole('listitem', { name: 'Lucía Pérez · 12,50 €' });
    expect(lucia).toHaveTextContent('IBAN ES79 **** **** **** **** 6789');
    expect(lucia).toHaveTextContent('Registrado');
    const berta = fees.getByRole('listitem', { name: 'Berta Gil · 0,10 €' });
    expect(berta).toHaveTextContent('Apadrinamiento de Luna');
    expect(berta).toHaveTextContent('Devuelto');
    expect(within(berta).queryByRole('button', { name: /Registrar devolución/ })).toBeNull();
    expect(await screen.findByRole('article', { name: 'Remesa del 21/01/2030' })).toHaveTextContent('1 devuelta');
    // No accessibility violation axe can see in jsdom (colour contrast needs a real browser: the journeys check it).
    const audit = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(audit.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);

    // A returned debit: the reason is required, then sent with the version; a refusal keeps what was typed.
    await user.click(within(lucia).getByRole('button', { name: 'Registrar devolución de Lucía Pérez · 12,50 €' }));
    const returnDialog = await screen.findByRole('dialog', { name: 'Registrar devolución' });
    await user.click(within(returnDialog).getByRole('button', { name: 'Registrar devolución' }));
    expect(within(returnDialog).getByText('Escribe el motivo.')).toBeInTheDocument();
    expect(posted).toHaveLength(1);
    await user.type(within(returnDialog).getByLabelText(/Motivo/), 'AM04 sin fondos');
    await user.click(within(returnDialog).getByRole('button', { name: 'Registrar devolución' }));
    await waitFor(() => expect(posted[1]).toBe('devolucion 41 {"version":1,"motivo":"AM04 sin fondos"}'));
    expect(await within(returnDialog).findByRole('alert')).toHaveTextContent('Este cobro ya está devuelto.');
    expect(within(returnDialog).getByLabelText(/Motivo/)).toHaveValue('AM04 sin fondos');
  });

  it('says "Se cobrará 1 cuota" and lists the fees left out with their reason, before and after issuing', async () => {
    const excluidas = [{ cuotaId: 5, persona: { id: 3, nombre: 'Οδυσσέας Παπαδόπουλος' }, motivo: 'no tiene ningún carácter que admita SEPA' }];
    server.use(
      http.get('/api/remesas', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 25 } satisfies RemesasResponse)),
      http.get('/api/remesas/previsualizacion', () =>
        HttpResponse.json({
          fechaCobro: '2030-01-21',
          numero: 1,
          importeTotal: 12.5,
          importeTotalCentimos: 1250,
          cuotas: [],
          excluidas,
        } satisfies RemesaPreview),
      ),
      http.post('/api/remesas', () => HttpResponse.json({ ...made, numero: 1, excluidas }, { status: 201 })),
      http.get('/api/remesas/:id', () => HttpResponse.json(made)),
    );
    const { user, router } = renderWithProviders(<p>Inicio</p>, { routes: [{ path: '/donativos/remesas', element: <RemesasScreen /> }] });
    await router.navigate('/donativos/remesas');
    await user.type(await screen.findByLabelText(/Fecha de cobro/), '2030-01-21');
    await user.click(screen.getByRole('button', { name: 'Revisar remesa' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Emitir la remesa?' });
    expect(dialog).toHaveTextContent('Se cobrará 1 cuota por un total de 12,50 € el 21/01/2030.');
    expect(dialog).toHaveTextContent('1 cuota queda fuera de la remesa porque el banco no la aceptaría:');
    expect(dialog).toHaveTextContent('Cuota 5 de Οδυσσέας Παπαδόπουλος: no tiene ningún carácter que admita SEPA.');
    await user.click(within(dialog).getByRole('button', { name: 'Emitir remesa' }));
    expect(await screen.findByText('Cuota 5 de Οδυσσέας Παπαδόπουλος: no tiene ningún carácter que admita SEPA.')).toBeInTheDocument();
  });
});
