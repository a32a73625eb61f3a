import { DEFAULT_ORG_TIME_ZONE, type PetListItem, dayInZone } from '@refugio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { answerCommon, fee, feesPage, gift, giftsPage } from '../testing/fixtures';
import { PersonMoneySection } from './page-sections';

// Today as the screens count it: in the organisation's zone (at 23:30 UTC it is already tomorrow in Madrid).
const today = dayInZone(new Date(), DEFAULT_ORG_TIME_ZONE);

const canela: PetListItem = {
  id: 9,
  nombre: 'Canela',
  edad: '2 años',
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

function answerPerson() {
  const asked: string[] = [];
  const created: Record<string, unknown>[] = [];
  let refuse: { status: number; body: object } | null = null;
  answerCommon();
  server.use(
    http.get('/api/cuotas', ({ request }) => {
      asked.push(request.url);
      return HttpResponse.json(feesPage([fee(1)], 123456));
    }),
    http.get('/api/donativos', ({ request }) => {
      asked.push(request.url);
      return HttpResponse.json(giftsPage([gift(4)], 1250));
    }),
    http.get('/phpApi/mascotas', () => HttpResponse.json({ items: [canela], total: 1, totalExact: true, page: 1, pageSize: 10 })),
    http.post('/api/personas/:id/cuotas', async ({ request }) => {
      created.push((await request.json()) as Record<string, unknown>);
      if (refuse) return HttpResponse.json(refuse.body, { status: refuse.status });
      return HttpResponse.json(fee(2), { status: 201 });
    }),
  );
  return { asked, created, refuseWith: (r: typeof refuse) => (refuse = r) };
}

describe('Cuotas y donativos on the person page', () => {
  it('shows nothing to someone who is not an administrator', async () => {
    answerCommon('Usuario');
    const askedMoney: string[] = [];
    server.use(http.get('/api/cuotas', ({ request }) => (askedMoney.push(request.url), HttpResponse.json(feesPage([fee(1)])))));
    const { queryClient } = renderWithProviders(<PersonMoneySection personId={7} />, { path: '/personas/7' });
    // The session arrives, and still nothing is shown nor asked of the money API (which would answer 403).
    await waitFor(() => expect(queryClient.getQueryData(['auth', 'session'])).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('region', { name: 'Cuotas y donativos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nueva cuota' })).not.toBeInTheDocument();
    expect(askedMoney).toHaveLength(0);
  });

  it("lists the person's fees and gifts, asking for that person only", async () => {
    const { asked } = answerPerson();
    renderWithProviders(<PersonMoneySection personId={7} />, { path: '/personas/7' });
    const section = await screen.findByRole('region', { name: 'Cuotas y donativos' });
    expect(await within(section).findAllByText(/1\.234,56 € mensual/)).toHaveLength(1);
    expect(within(section).getAllByText('12,50 €').length).toBeGreaterThan(0);
    expect(within(section).getByText(/Equivalente mensual de las activas: 1\.234,56 €/)).toBeInTheDocument();
    expect(asked.every((url) => new URL(url).searchParams.get('personaId') === '7')).toBe(true);
    // A narrow column: lists of cards, not wide tables.
    expect(within(section).getByRole('list', { name: 'Cuotas' })).toBeInTheDocument();
    expect(within(section).getByRole('list', { name: 'Donativos' })).toBeInTheDocument();
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
  });

  it('"Nueva cuota" by direct debit checks the IBAN and the mandate here, sends the amount as typed, and keeps it all when refused', async () => {
    const { created, refuseWith } = answerPerson();
    const { user } = renderWithProviders(<PersonMoneySection personId={7} />, { path: '/personas/7' });
    await user.click(await screen.findByRole('button', { name: 'Nueva cuota' }));
    const form = screen.getByRole('region', { name: 'Nueva cuota' });

    await user.type(within(form).getByRole('textbox', { name: /Importe/ }), '12,50');
    await user.type(within(form).getByRole('textbox', { name: /IBAN/ }), 'ES00 1234');
    await user.click(within(form).getByRole('button', { name: 'Guardar cuota' }));
    expect(await within(form).findByText(/IBAN/, { selector: '.mantine-InputWrapper-error, [id$="-error"]' })).toBeInTheDocument();
    expect(created).toHaveLength(0);
    // A mandate reference is suggested as /colabora makes one; staff may replace it with the signed form's.
    const reference = within(form).getByRole('textbox', { name: /Referencia del mandato/ });
    expect((reference as HTMLInputElement).value).toMatch(/^CUOTA-\d{8}-[0-9A-V]{10}$/);
    await user.clear(reference);

    const iban = within(form).getByRole('textbox', { name: /IBAN/ });
    await user.clear(iban);
    await user.type(iban, 'ES91 2100 0418 4502 0005 1332');
    await user.type(within(form).getByRole('textbox', { name: /Referencia del mandato/ }), 'MANDATO-7');
    refuseWith({ status: 409, body: { code: 'CONFLICT', message: 'La persona está anonimizada.' } });
    await user.click(within(form).getByRole('button', { name: 'Guardar cuota' }));
    expect(await within(form).findByText('La persona está anonimizada.')).toBeInTheDocument();
    expect(created[0]).toEqual({
      tipo: 'socio',
      importe: '12,50',
      periodicidad: 'mensual',
      desde: today,
      metodoPago: 'domiciliacion',
      iban: 'ES91 2100 0418 4502 0005 1332',
      mandato: { referencia: 'MANDATO-7', fechaFirma: today },
    });
    expect(within(form).getByRole('textbox', { name: /Importe/ })).toHaveValue('12,50');
    expect(within(form).getByRole('textbox', { name: /IBAN/ })).toHaveValue('ES91 2100 0418 4502 0005 1332');

    refuseWith(null);
    await user.click(within(form).getByRole('button', { name: 'Guardar cuota' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Nueva cuota' })).not.toBeInTheDocument());
  });

  it("an account of a bank outside the EEA asks for the BIC and the holder's address, and sends them", async () => {
    const { created } = answerPerson();
    const { user } = renderWithProviders(<PersonMoneySection personId={7} />, { path: '/personas/7' });
    await user.click(await screen.findByRole('button', { name: 'Nueva cuota' }));
    const form = screen.getByRole('region', { name: 'Nueva cuota' });
    await user.type(within(form).getByRole('textbox', { name: /Importe/ }), '10');
    expect(within(form).queryByRole('textbox', { name: /Dirección del titular/ })).not.toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /IBAN/ }), 'CH93 0076 2011 6238 5295 7');
    await user.click(within(form).getByRole('button', { name: 'Guardar cuota' }));
    expect(await within(form).findByText(/el banco exige su BIC/)).toBeInTheDocument();
    expect(within(form).getAllByText(/Escribe la dirección y la localidad del titular/).length).toBeGreaterThan(0);
    expect(created).toHaveLength(0);
    await user.type(within(form).getByRole('textbox', { name: /BIC del banco/ }), 'UBSWCHZH80A');
    await user.type(within(form).getByRole('textbox', { name: /Dirección del titular/ }), 'Bahnhofstrasse 1');
    await user.type(within(form).getByRole('textbox', { name: /Código postal y localidad del titular/ }), '8001 Zürich');
    await user.click(within(form).getByRole('button', { name: 'Guardar cuota' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({
      iban: 'CH93 0076 2011 6238 5295 7',
      bic: 'UBSWCHZH80A',
      domicilioDeudor: { direccion: 'Bahnhofstrasse 1', localidad: '8001 Zürich', pais: 'CH' },
    });
  });

  it('a padrino needs the pet; by transfer no IBAN is sent', async () => {
    const { created } = answerPerson();
    const { user } = renderWithProviders(<PersonMoneySection personId={7} />, { path: '/personas/7' });
    await user.click(await screen.findByRole('button', { name: 'Nueva cuota' }));
    const form = screen.getByRole('region', { name: 'Nueva cuota' });
    await user.click(within(form).getByLabelText(/^Tipo/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Padrino' }));
    await user.click(within(form).getByLabelText(/^Forma de pago/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Transferencia' }));
    expect(within(form).queryByRole('textbox', { name: /IBAN/ })).not.toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /Importe/ }), '1.000');
    await user.click(within(form).getByRole('button', { name: 'Guardar cuota' }));
    expect(await within(form).findByText('Elige la mascota que apadrina.')).toBeInTheDocument();
    // '1.000' could be a thousand or one euro: refused with the contracts' words.
    expect(within(form).getByText(/Escribe un importe en euros/)).toBeInTheDocument();
    expect(created).toHaveLength(0);

    const amount = within(form).getByRole('textbox', { name: /Importe/ });
    await user.clear(amount);
    await user.type(amount, '15');
    await user.type(within(form).getByLabelText(/^Mascota apadrinada/, { selector: 'input' }), 'Can');
    await user.click(await screen.findByRole('option', { name: 'Canela' }));
    await user.click(within(form).getByRole('button', { name: 'Guardar cuota' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({ tipo: 'padrino', importe: '15', periodicidad: 'mensual', desde: today, mascotaId: 9, metodoPago: 'transferencia' });
  });
});
