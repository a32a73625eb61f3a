import { fiscalMessages, organizationMessages } from '@refugio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { Component as ConfiguracionScreen } from './configuracion';

const org = (changes: Record<string, unknown> = {}) => ({
  nombre: null,
  email: null,
  telefono: null,
  direccion: null,
  web: null,
  zonaHoraria: 'Europe/Madrid',
  nif: null,
  ley49: false,
  registroEntidades: null,
  nucleoZoologico: null,
  acreedorSepa: null,
  ibanAcreedor: null,
  contactoAcogidaVoluntariado: false,
  capacidad: { Perro: null, Gato: null, Conejo: null },
  contacto: { nombre: null, email: null, telefono: null },
  correoConfigurado: false,
  version: 0,
  ...changes,
});

describe('Configuración', () => {
  it("asks for the organisation's contact while it lacks one", async () => {
    server.use(http.get('/api/organizacion', () => HttpResponse.json(org())));
    renderWithProviders(<ConfiguracionScreen />);
    expect(await screen.findByText('Falta el contacto de la organización')).toBeInTheDocument();
  });

  it('says nothing of it once there is a name and a way to reach it', async () => {
    server.use(http.get('/api/organizacion', () => HttpResponse.json(org({ nombre: 'Refugio Patitas', telefono: '+34911000000', version: 1 }))));
    renderWithProviders(<ConfiguracionScreen />);
    expect(await screen.findByLabelText(/^Nombre/)).toHaveValue('Refugio Patitas');
    expect(screen.queryByText('Falta el contacto de la organización')).not.toBeInTheDocument();
  });

  it('checks the fiscal data as the server does, and sends it as the server stores it', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.get('/api/organizacion', () => HttpResponse.json(org({ nombre: 'Refugio Patitas', email: 'hola@patitas.org', version: 1 }))),
      http.put('/api/organizacion', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return HttpResponse.json(org({ ...body, contacto: { nombre: 'Refugio Patitas', email: 'hola@patitas.org', telefono: null }, version: 2 }));
      }),
    );
    const { user } = renderWithProviders(<ConfiguracionScreen />);
    const nif = await screen.findByRole('textbox', { name: 'NIF de la entidad' });
    const creditor = screen.getByRole('textbox', { name: /Identificador de acreedor SEPA/ });
    const ley49 = screen.getByRole('switch', { name: /^Acogida a la Ley 49\/2002/ });
    expect(ley49).not.toBeChecked();
    expect(ley49).toHaveAccessibleDescription('Los donativos desgravan en el IRPF y el Impuesto sobre Sociedades.');

    await user.type(nif, 'G28260007');
    await user.type(creditor, 'ES24ZZZ47690558N');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(fiscalMessages.cifControl)).toBeInTheDocument();
    expect(nif).toHaveAttribute('aria-invalid', 'true');
    expect(nif).toHaveAccessibleDescription(fiscalMessages.cifControl);
    expect(creditor).toHaveAccessibleDescription(expect.stringContaining(fiscalMessages.sepaCreditorId));
    expect(sent).toEqual([]);

    await user.clear(nif);
    await user.type(nif, ' g-2826000-8 ');
    await user.clear(creditor);
    await user.type(creditor, 'es23 zzz 47690558n');
    const account = screen.getByRole('textbox', { name: /^IBAN de abono de las remesas/ });
    await user.type(account, 'ES91 2100 0418 4502 0005 1333');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(account).toHaveAccessibleDescription(expect.stringContaining(fiscalMessages.ibanControl));
    expect(sent).toEqual([]);
    await user.clear(account);
    await user.type(account, 'es91 2100 0418 4502 0005 1332');
    await user.type(screen.getByRole('textbox', { name: 'Nº de registro de entidades' }), '28/1234');
    await user.type(screen.getByRole('textbox', { name: 'Nº de núcleo zoológico' }), 'ES280790000123');
    await user.click(ley49);
    const fosterContact = screen.getByRole('switch', { name: /^Voluntariado ve el contacto de las casas de acogida/ });
    expect(fosterContact).not.toBeChecked();
    await user.click(fosterContact);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      nif: 'G28260008',
      ley49: true,
      contactoAcogidaVoluntariado: true,
      registroEntidades: '28/1234',
      nucleoZoologico: 'ES280790000123',
      acreedorSepa: 'ES23ZZZ47690558N',
      ibanAcreedor: 'ES9121000418450200051332',
      version: 1,
    });
    expect(await screen.findByText('Datos de la organización guardados.')).toBeInTheDocument();
    expect(screen.queryByText(fiscalMessages.cifControl)).not.toBeInTheDocument();
  });

  it("offers the catalogue's embed code, script and iframe with this server's address, each with a copy button", async () => {
    server.use(http.get('/api/organizacion', () => HttpResponse.json(org({ nombre: 'Refugio Patitas', email: 'hola@patitas.org', version: 1 }))));
    renderWithProviders(<ConfiguracionScreen />);
    const section = await screen.findByRole('region', { name: 'El catálogo en vuestra web' });
    const origin = window.location.origin;
    expect(within(section).getByLabelText('Script')).toHaveValue(
      `<div data-refugio-catalogo data-cantidad="12"></div>\n<script src="${origin}/embed.js" async></script>`,
    );
    expect(within(section).getByLabelText<HTMLTextAreaElement>('Iframe').value).toContain(`<iframe src="${origin}/adopta?embed=1"`);
    expect(within(section).getByRole('button', { name: 'Copiar el código (script)' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Copiar el código (iframe)' })).toBeInTheDocument();
  });

  it('writes the places per species: empty is no limit, a number out of 0..10 000 is refused before sending', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.get('/api/organizacion', () =>
        HttpResponse.json(
          org({ nombre: 'Refugio Patitas', email: 'hola@patitas.org', capacidad: { Perro: 20, Gato: null, Conejo: null }, version: 1 }),
        ),
      ),
      http.put('/api/organizacion', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return HttpResponse.json(org({ ...body, version: 2 }));
      }),
    );
    const { user } = renderWithProviders(<ConfiguracionScreen />);
    const dogs = await screen.findByRole('textbox', { name: 'Plazas: Perro' });
    expect(dogs).toHaveValue('20');
    const cats = screen.getByRole('textbox', { name: 'Plazas: Gato' });
    await user.type(cats, '10001');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(organizationMessages.capacityInvalid)).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.clear(cats);
    await user.type(cats, '12');
    await user.clear(dogs);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ capacidad: { Perro: null, Gato: 12, Conejo: null }, version: 1 });
  });
});
