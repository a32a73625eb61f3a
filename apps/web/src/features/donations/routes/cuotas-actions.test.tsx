import type { Fee, PetListItem } from '@refugio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { answerCommon, fee, feesPage } from '../testing/fixtures';
import { Component as Cuotas } from './cuotas';

const lola: PetListItem = {
  id: 12,
  nombre: 'Lola',
  edad: '3 años',
  tipo: 'Perro',
  genero: 'hembra',
  tamano: 'mediano',
  adoptado: '0',
  discapacidad: '0',
  tags: '[]',
  estado: 'publicada',
  publicarEn: null,
  thumbnailUrl: null,
  version: 1,
  updatedAt: '2026-11-01T10:00:00.000Z',
  deletedAt: null,
  solicitudesAbiertas: 0,
  campos: {},
};

const sponsorship = (changes: Partial<Fee> = {}) =>
  fee(2, {
    persona: { id: 8, nombre: 'Bruno Sanz' },
    tipo: 'padrino',
    mascota: { id: 9, nombre: 'Canela' },
    importeCentimos: 1500,
    importe: 15,
    ...changes,
  });

/** Answers `GET /api/cuotas` with `current()` (read at each request) and records every query asked. */
function answerFees(current: () => Fee[]) {
  const asked: URLSearchParams[] = [];
  answerCommon();
  server.use(
    http.get('/api/cuotas', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const items = current().filter((f) => query.get('requiereDecision') !== 'true' || f.requiereDecision);
      return HttpResponse.json(feesPage(items));
    }),
    http.get('/phpApi/mascotas', () => HttpResponse.json({ items: [lola], total: 1, totalExact: true, page: 1, pageSize: 10 })),
  );
  return asked;
}

describe('Socios y donativos · Cuotas: pending fees and sponsors', () => {
  it('"Confirmar" a pending fee names the person and the amount; a 409 shows the Spanish message and refreshes the list', async () => {
    let fees = [fee(1, { estado: 'pendiente', version: 5 })];
    const asked = answerFees(() => fees);
    const sent: unknown[] = [];
    let refuse = true;
    server.use(
      http.post('/api/cuotas/:id/confirmar', async ({ request, params }) => {
        sent.push({ id: params.id, ...((await request.json()) as object) });
        if (refuse) {
          fees = [fee(1, { estado: 'pendiente', version: 6 })];
          return HttpResponse.json({ code: 'CONFLICT', message: 'Otra persona cambió esta cuota mientras la editabas.' }, { status: 409 });
        }
        fees = [fee(1, { estado: 'activa', version: 7 })];
        return HttpResponse.json(fees[0]);
      }),
    );
    const { user } = renderWithProviders(<Cuotas />, { path: '/donativos' });
    await user.click(await screen.findByRole('button', { name: 'Confirmar la cuota 1 de Ana García' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar la cuota' });
    expect(dialog).toHaveTextContent('Ana García');
    expect(dialog).toHaveTextContent('1.234,56 € mensual');
    expect(sent).toHaveLength(0);
    const before = asked.length;
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar cuota' }));

    expect(await screen.findByText('Otra persona cambió esta cuota mientras la editabas.')).toBeInTheDocument();
    expect(sent).toEqual([{ id: '1', version: 5 }]);
    await waitFor(() => expect(asked.length).toBeGreaterThan(before));

    // The refreshed list carries the new version: the retry sends it and the fee becomes active.
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Confirmar la cuota 1 de Ana García' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirmar la cuota' })).getByRole('button', { name: 'Confirmar cuota' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Confirmar la cuota 1 de Ana García' })).not.toBeInTheDocument());
    expect(sent.at(-1)).toEqual({ id: '1', version: 6 });
    expect(screen.getByText('Activa', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
  });

  it('offers "Pendiente" in the state filter, and "Requiere decisión" filters through the server and shows the reason', async () => {
    const asked = answerFees(() => [fee(1), sponsorship({ requiereDecision: true, motivoDecision: 'adopcion' })]);
    const { user, router } = renderWithProviders(<Cuotas />, { path: '/donativos' });
    await screen.findAllByRole('link', { name: 'Bruno Sanz' });
    expect(screen.getByText('Requiere decisión', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(screen.getByText('Su mascota ha sido adoptada')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Estado', { selector: 'input' }));
    expect(await screen.findByRole('option', { name: 'Pendiente' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('checkbox', { name: /Requiere decisión/ }));
    await waitFor(() => expect(router.state.location.search).toContain('requiereDecision=true'));
    await waitFor(() => expect(asked.at(-1)?.get('requiereDecision')).toBe('true'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Ana García' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute('href', '/api/cuotas.csv?requiereDecision=true');
  });

  it('"Cambiar mascota" needs the new pet and the consent, keeps both when refused, and sends the version', async () => {
    answerFees(() => [sponsorship({ requiereDecision: true, motivoDecision: 'fallecimiento', version: 4 })]);
    const sent: unknown[] = [];
    let refuse = true;
    server.use(
      http.post('/api/cuotas/:id/mascota', async ({ request, params }) => {
        sent.push({ id: params.id, ...((await request.json()) as object) });
        if (refuse)
          return HttpResponse.json(
            {
              code: 'VALIDATION',
              message: 'Datos no válidos',
              fieldErrors: { mascotaId: 'Elige una mascota que siga en la protectora: esta ya fue adoptada, trasladada o falleció.' },
            },
            { status: 400 },
          );
        return HttpResponse.json(sponsorship({ mascota: { id: 12, nombre: 'Lola' }, version: 5 }));
      }),
    );
    const { user } = renderWithProviders(<Cuotas />, { path: '/donativos' });
    await user.click(await screen.findByRole('button', { name: 'Cambiar mascota de Bruno Sanz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar la mascota apadrinada' });
    expect(dialog).toHaveTextContent('Su mascota ha fallecido');

    await user.click(within(dialog).getByRole('button', { name: 'Cambiar mascota' }));
    expect(await within(dialog).findByText('Elige la mascota que apadrina.')).toBeInTheDocument();
    expect(within(dialog).getByText('Confirma que la persona está de acuerdo con el cambio.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Nueva mascota/, { selector: 'input' }), 'Lo');
    await user.click(await screen.findByRole('option', { name: 'Lola' }));
    // The pet alone is not enough: the person's consent is confirmed too.
    await user.click(within(dialog).getByRole('button', { name: 'Cambiar mascota' }));
    expect(within(dialog).getByText('Confirma que la persona está de acuerdo con el cambio.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Elige la mascota que apadrina.')).not.toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Cambio hecho con el consentimiento de la persona' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cambiar mascota' }));
    expect(await within(dialog).findByText(/Elige una mascota que siga en la protectora/)).toBeInTheDocument();
    expect(sent).toEqual([{ id: '2', mascotaId: 12, version: 4 }]);
    expect(within(dialog).getByLabelText(/^Nueva mascota/, { selector: 'input' })).toHaveValue('Lola');
    expect(within(dialog).getByRole('checkbox', { name: 'Cambio hecho con el consentimiento de la persona' })).toBeChecked();

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Cambiar mascota' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toHaveLength(2);
  });

  it('"Recibe novedades" sends the choice with the version, and goes back with the message when refused', async () => {
    let current = sponsorship({ recibirNovedades: true, version: 4 });
    answerFees(() => [current]);
    const sent: unknown[] = [];
    let refuse = true;
    server.use(
      http.patch('/api/cuotas/:id', async ({ request, params }) => {
        sent.push({ id: params.id, ...((await request.json()) as object) });
        if (refuse) return HttpResponse.json({ code: 'CONFLICT', message: 'Otra persona cambió esta cuota mientras la editabas.' }, { status: 409 });
        current = sponsorship({ recibirNovedades: false, version: 5 });
        return HttpResponse.json(current);
      }),
    );
    const { user } = renderWithProviders(<Cuotas />, { path: '/donativos' });
    const news = await screen.findByRole('switch', { name: 'Recibe novedades de Canela (Bruno Sanz)' });
    expect(news).toBeChecked();

    await user.click(news);
    expect(await screen.findByText('Otra persona cambió esta cuota mientras la editabas.')).toBeInTheDocument();
    expect(sent).toEqual([{ id: '2', recibirNovedades: false, version: 4 }]);
    await waitFor(() => expect(screen.getByRole('switch', { name: /Recibe novedades/ })).toBeChecked());

    refuse = false;
    await user.click(screen.getByRole('switch', { name: /Recibe novedades/ }));
    await waitFor(() => expect(screen.getByRole('switch', { name: /Recibe novedades/ })).not.toBeChecked());
    expect(sent).toHaveLength(2);
  });
});
