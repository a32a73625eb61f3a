import type { Inspection, InspectionList } from '@refugio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { localDay } from '../components/new-inspection';
import { Component as InspeccionesScreen } from './inspecciones';

const active: Inspection = {
  id: 3,
  nombre: 'Ana Inspectora',
  organismo: 'Sanidad Animal',
  estado: 'activa',
  venceEn: '2030-01-10T23:00:00.000Z',
  hasta: '2030-01-10',
  revocadaEn: null,
  creadaEn: '2029-12-30T10:00:00.000Z',
  creadaPor: 'Rocío Admin',
  lecturas: [
    { en: '2029-12-31T09:05:00.000Z', lectura: 'mascota', mascota: { id: 7, nombre: 'Luna' } },
    { en: '2029-12-31T09:00:00.000Z', lectura: 'libro', mascota: null },
  ],
};
const revoked: Inspection = { ...active, id: 2, nombre: 'Pedro', estado: 'revocada', revocadaEn: '2029-12-20T10:00:00.000Z', lecturas: [] };

describe('Inspecciones', { timeout: 30_000 }, () => {
  it('opens a link and shows its address once, lists links with their state and reads, and revokes after confirming', async () => {
    const posted: string[] = [];
    let items: Inspection[] = [revoked];
    server.use(
      http.get('/api/inspecciones', () => HttpResponse.json<InspectionList>({ items })),
      http.post('/api/inspecciones', async ({ request }) => {
        const body = (await request.json()) as { nombre: string };
        posted.push(JSON.stringify(body));
        if (body.nombre === 'Error')
          return HttpResponse.json(
            {
              code: 'VALIDATION_ERROR',
              message: 'Datos no válidos',
              fieldErrors: { hasta: 'Un enlace de inspección vale como mucho 30 días.' },
              requestId: 'x',
            },
            { status: 400 },
          );
        items = [active, revoked];
        return HttpResponse.json(
          {
            id: 3,
            url: 'http://localhost:3000/inspeccion/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
            venceEn: active.venceEn,
            hasta: active.hasta,
          },
          { status: 201 },
        );
      }),
      http.delete('/api/inspecciones/:id', ({ params }) => {
        posted.push(`revocar ${String(params.id)}`);
        items = [{ ...active, estado: 'revocada', revocadaEn: '2029-12-31T10:00:00.000Z' }, revoked];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, router } = renderWithProviders(<p>Inicio</p>, { routes: [{ path: '/inspecciones', element: <InspeccionesScreen /> }] });
    await router.navigate('/inspecciones');
    expect(await screen.findByRole('heading', { name: 'Inspecciones', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Pedro · Sanidad Animal' })).toHaveTextContent('Revocada');

    // A refusal keeps what was typed and names the field.
    await user.type(screen.getByLabelText(/Nombre de quien inspecciona/), 'Error');
    await user.type(screen.getByLabelText(/^Organismo/), 'Sanidad Animal');
    await user.click(screen.getByRole('button', { name: 'Abrir enlace' }));
    expect(await screen.findByText('Un enlace de inspección vale como mucho 30 días.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Nombre de quien inspecciona/)).toHaveValue('Error');

    const name = screen.getByLabelText(/Nombre de quien inspecciona/);
    await user.clear(name);
    await user.type(name, 'Ana Inspectora');
    await user.click(screen.getByRole('button', { name: 'Abrir enlace' }));
    await waitFor(() => expect(posted[1]).toBe(JSON.stringify({ nombre: 'Ana Inspectora', organismo: 'Sanidad Animal', hasta: localDay(7) })));
    // The last day chosen, as it was chosen (never the instant after it, "11 ene 2030, 00:00"), in the notice and the list.
    expect(await screen.findAllByText('Vale hasta el 10 de enero de 2030 (incluido)')).toHaveLength(2);
    expect(await screen.findByLabelText('Dirección del enlace')).toHaveValue(
      'http://localhost:3000/inspeccion/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
    );
    expect(screen.getByText(/no se podrá volver a mostrar/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copiar enlace' })).toBeInTheDocument();

    const card = await screen.findByRole('article', { name: 'Ana Inspectora · Sanidad Animal' });
    expect(card).toHaveTextContent('Activa');
    expect(card).toHaveTextContent('2 consultas');
    const reads = within(card).getByRole('list', { name: 'Consultas de Ana Inspectora' });
    expect(
      within(reads)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('ficha del animal Luna'), expect.stringContaining('libro de registro')]);

    const audit = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(audit.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);

    // Revoking asks first; cancelling changes nothing.
    await user.click(within(card).getByRole('button', { name: 'Revocar' }));
    let dialog = await screen.findByRole('dialog', { name: '¿Revocar el enlace de Ana Inspectora?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(posted).toHaveLength(2);
    await user.click(within(card).getByRole('button', { name: 'Revocar' }));
    dialog = await screen.findByRole('dialog', { name: '¿Revocar el enlace de Ana Inspectora?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revocar' }));
    await waitFor(() => expect(posted[2]).toBe('revocar 3'));
    await waitFor(() => expect(screen.getByRole('article', { name: 'Ana Inspectora · Sanidad Animal' })).toHaveTextContent('Revocada'));
  });
});
