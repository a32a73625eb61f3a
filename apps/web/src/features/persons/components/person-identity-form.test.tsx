import { fiscalMessages, personMessages } from '@refugio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { person } from '../../../testing/person-fixture';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { customFieldsHandler } from '../../../testing/custom-field-fixture';
import { server } from '../../../testing/server';
import { usePerson } from '../api/get-person';
import { Component as NuevaPersona } from '../routes/nueva-persona';
import { PersonIdentityForm } from './person-identity-form';

/** The form as the person page holds it: fed by the person's query, which a 409 reads again. */
function PersonPage({ id }: { id: number }) {
  const query = usePerson(id);
  return query.data ? <PersonIdentityForm person={query.data} /> : null;
}

describe('the person form', () => {
  // The organisation has no own fields: the forms and details ask, and show none.
  beforeEach(() => server.use(customFieldsHandler('persona')));

  it('a stale save shows the conflict, keeps what was typed and saves it on the newer version', async () => {
    const saved = person(7, { nombre: 'Ana', ciudad: 'Madrid', telefono: '+34600000000', version: 3 });
    const newer = { ...saved, ciudad: 'Sevilla', telefono: '+34611111111', version: 4 };
    const patches: Record<string, unknown>[] = [];
    // Someone else saved version 4 while this form was open on version 3.
    let current = saved;
    server.use(
      http.patch('/api/personas/7', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        patches.push(body);
        if (body.version === 3) {
          current = newer;
          return HttpResponse.json({ code: 'CONFLICT', message: personMessages.stale, requestId: 'r1' }, { status: 409 });
        }
        return HttpResponse.json({ ...newer, ciudad: body.ciudad, version: 5 });
      }),
      http.get('/api/personas/7', () => HttpResponse.json(current)),
    );
    const { user } = renderWithProviders(<PersonPage id={7} />, { path: '/personas/7' });
    await screen.findByRole('textbox', { name: 'Ciudad' });

    const city = screen.getByRole('textbox', { name: 'Ciudad' });
    await user.clear(city);
    await user.type(city, 'Toledo');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText('Otra persona guardó cambios mientras editabas')).toBeInTheDocument();
    // Both changed the city: both values are named. What was typed stays in the form.
    const conflicts = within(notice).getByRole('list', { name: 'Campos cambiados por las dos partes' });
    expect(conflicts).toHaveTextContent('Ciudad: tu valor «Toledo»; guardado «Sevilla»');
    expect(screen.getByRole('textbox', { name: 'Ciudad' })).toHaveValue('Toledo');
    // A field only the other person changed follows their version.
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Teléfono/ })).toHaveValue('+34611111111'));

    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[1]).toEqual({ ciudad: 'Toledo', version: 4 });
    expect(await screen.findByText('Cambios guardados.')).toBeInTheDocument();
    expect(screen.queryByText('Otra persona guardó cambios mientras editabas')).not.toBeInTheDocument();
  });

  it("shows the server's Spanish message under an invalid phone and keeps the form", async () => {
    let posted: Record<string, unknown> | null = null;
    server.use(
      http.post('/api/personas', async ({ request }) => {
        posted = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(
          { code: 'VALIDATION_ERROR', message: 'Revisa los datos.', fieldErrors: { telefono: personMessages.phoneInvalid }, requestId: 'r2' },
          { status: 400 },
        );
      }),
    );
    const { user, router } = renderWithProviders(<NuevaPersona />, { path: '/personas/nueva' });

    await user.type(screen.getByRole('textbox', { name: /Nombre/ }), 'Lucía');
    await user.type(screen.getByRole('textbox', { name: /Teléfono/ }), '12');
    await user.click(screen.getByRole('checkbox', { name: 'Voluntario/a' }));
    await user.click(screen.getByRole('button', { name: 'Crear persona' }));

    expect(await screen.findByText(personMessages.phoneInvalid)).toBeInTheDocument();
    const phone = screen.getByRole('textbox', { name: /Teléfono/ });
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveValue('12');
    expect(posted).toMatchObject({ nombre: 'Lucía', telefono: '12', roles: ['voluntario'] });
    expect(posted).not.toHaveProperty('email');
    expect(router.state.location.pathname).toBe('/personas/nueva');
  });

  it('asks for the DNI once: the NIF follows it, and another NIF (a CIF) is typed apart only when asked', async () => {
    const posted: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/personas', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posted.push(body);
        return HttpResponse.json(person(10 + posted.length, { ...body, version: 1 }), { status: 201 });
      }),
    );
    const first = renderWithProviders(<NuevaPersona />, { path: '/personas/nueva' });
    const { user } = first;
    await user.type(screen.getByRole('textbox', { name: /Nombre/ }), 'Lucía');
    await user.type(screen.getByRole('textbox', { name: /Correo/ }), 'lucia@example.com');
    expect(screen.getAllByRole('textbox', { name: /DNI|NIF/ })).toHaveLength(1);
    await user.type(screen.getByRole('textbox', { name: /^DNI, NIE o pasaporte/ }), '12.345.678-z');
    await user.click(screen.getByRole('button', { name: 'Crear persona' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ documento: '12345678Z', nif: '12345678Z' });
    first.unmount();

    // A company's representative: the document is theirs, the NIF the company's CIF, behind its own label.
    const second = renderWithProviders(<NuevaPersona />, { path: '/personas/nueva' });
    await second.user.type(screen.getByRole('textbox', { name: /Nombre/ }), 'Talleres');
    await second.user.type(screen.getByRole('textbox', { name: /Correo/ }), 'talleres@example.com');
    await second.user.type(screen.getByRole('textbox', { name: /^DNI, NIE o pasaporte/ }), '12345678Z');
    await second.user.click(screen.getByRole('checkbox', { name: /El NIF es otro/ }));
    await second.user.type(screen.getByRole('textbox', { name: 'NIF distinto del documento (CIF u otro)' }), 'b12345674');
    await second.user.click(screen.getByRole('button', { name: 'Crear persona' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toMatchObject({ documento: '12345678Z', nif: 'B12345674' });
  });

  it('checks the DNI and the postcode as the server does, and sends them as the server stores them', async () => {
    const posted: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/personas', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posted.push(body);
        return HttpResponse.json(person(9, { ...body, version: 1 }), { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<NuevaPersona />, { path: '/personas/nueva' });

    await user.type(screen.getByRole('textbox', { name: /Nombre/ }), 'Lucía');
    await user.type(screen.getByRole('textbox', { name: /Correo/ }), 'lucia@example.com');
    const nif = screen.getByRole('textbox', { name: /^DNI, NIE o pasaporte/ });
    const postcode = screen.getByRole('textbox', { name: 'Código postal' });
    await user.type(nif, '12345678A');
    await user.type(postcode, '53001');
    await user.click(screen.getByRole('button', { name: 'Crear persona' }));

    expect(await screen.findByText(fiscalMessages.nifControl)).toBeInTheDocument();
    expect(nif).toHaveAttribute('aria-invalid', 'true');
    expect(nif).toHaveAccessibleDescription(expect.stringContaining(fiscalMessages.nifControl));
    expect(postcode).toHaveAccessibleDescription(fiscalMessages.postcode);
    expect(posted).toEqual([]);

    await user.clear(nif);
    await user.type(nif, ' 12.345.678-z ');
    await user.clear(postcode);
    await user.type(postcode, '28013');
    await user.click(screen.getByRole('button', { name: 'Crear persona' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ nombre: 'Lucía', email: 'lucia@example.com', documento: '12345678Z', nif: '12345678Z', codigoPostal: '28013' });
  });

  it("shows the person's NIF and postcode, and clears one with an empty field", async () => {
    const saved = person(8, { nif: 'X1234567L', codigoPostal: '08001', version: 2 });
    const patches: Record<string, unknown>[] = [];
    server.use(
      http.get('/api/personas/8', () => HttpResponse.json(saved)),
      http.patch('/api/personas/8', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        patches.push(body);
        return HttpResponse.json({ ...saved, ...body, version: 3 });
      }),
    );
    const { user } = renderWithProviders(<PersonPage id={8} />, { path: '/personas/8' });
    const nif = await screen.findByRole('textbox', { name: /^NIF/ });
    expect(nif).toHaveValue('X1234567L');
    expect(screen.getByRole('textbox', { name: 'Código postal' })).toHaveValue('08001');

    await user.clear(nif);
    await user.type(nif, 'y-1234567-x');
    await user.clear(screen.getByRole('textbox', { name: 'Código postal' }));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({ nif: 'Y1234567X', codigoPostal: null, version: 2 });
  });

  it('asks for an e-mail or a phone before sending anything', async () => {
    let requests = 0;
    server.use(http.post('/api/personas', () => void (requests += 1)));
    const { user } = renderWithProviders(<NuevaPersona />, { path: '/personas/nueva' });

    await user.type(screen.getByRole('textbox', { name: /Nombre/ }), 'Lucía');
    await user.click(screen.getByRole('button', { name: 'Crear persona' }));

    expect(await screen.findByText(personMessages.contactRequired)).toBeInTheDocument();
    expect(requests).toBe(0);
  });
});
