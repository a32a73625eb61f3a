import type { Person } from '@refugio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { customField, customFieldsHandler } from '../../../testing/custom-field-fixture';
import { person } from '../../../testing/person-fixture';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { usePerson } from '../api/get-person';
import { Component as NuevaPersona } from '../routes/nueva-persona';
import { PersonDetails } from './person-details';
import { PersonIdentityForm } from './person-identity-form';

/* The organisation's own fields of a person (DESIGN section 21): on the form, in its saves and on the detail. */

const talla = customField(1, { entidad: 'persona', clave: 'talla', etiqueta: 'Talla de camiseta', tipo: 'opcion', opciones: ['S', 'M', 'L'] });
const activo = customField(2, { entidad: 'persona', clave: 'voluntario_activo', etiqueta: 'Voluntariado activo', tipo: 'si_no' });
const socioDesde = customField(3, { entidad: 'persona', clave: 'socio_desde', etiqueta: 'Socio desde', tipo: 'fecha' });
const nota = customField(4, { entidad: 'persona', clave: 'nota', etiqueta: 'Nota de la entrevista', tipo: 'texto_largo', sensible: true });
const antiguo = customField(5, { entidad: 'persona', clave: 'numero_antiguo', etiqueta: 'Número de socio antiguo', tipo: 'numero', archivado: true });
const definitions = [talla, activo, socioDesde, nota, antiguo];

/** A person with own fields: the answer of `GET /api/personas/{id}` (`campos` is not in the contract's type yet). */
const withCampos = (id: number, campos: Record<string, unknown>, changes: Partial<Person> = {}) => ({ ...person(id, changes), campos });

function PersonPage({ id }: { id: number }) {
  const query = usePerson(id);
  return query.data ? <PersonIdentityForm person={query.data} /> : null;
}

describe('own fields of a person', { timeout: 20_000 }, () => {
  it('the person form shows them by type and sends only the changed ones; a hidden one is read-only and never sent', async () => {
    const patches: Record<string, unknown>[] = [];
    const saved = withCampos(7, { talla: 'M', socio_desde: '2020-03-01', nota: '***', numero_antiguo: 41 }, { version: 2 });
    server.use(
      customFieldsHandler('persona', definitions),
      http.get('/api/personas/7', () => HttpResponse.json(saved)),
      http.patch('/api/personas/7', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        patches.push(body);
        // A cleared value is left out of the answer, as the server keeps none.
        const { talla: _cleared, ...kept } = saved.campos;
        return HttpResponse.json({ ...saved, campos: { ...kept, voluntario_activo: true }, version: 3 });
      }),
    );
    const { user } = renderWithProviders(<PersonPage id={7} />, { path: '/personas/7' });

    const section = await screen.findByRole('group', { name: 'Campos propios' });
    expect(within(section).getByRole('combobox', { name: 'Talla de camiseta' })).toHaveValue('M');
    expect(within(section).getByLabelText('Socio desde')).toHaveValue('2020-03-01');
    const hidden = within(section).getByRole('textbox', { name: 'Nota de la entrevista' });
    expect(hidden).toHaveValue('Oculto para tu rol');
    expect(hidden).toHaveAttribute('readonly');
    // Not required: «Sin indicar» until chosen.
    const yesNo = within(section).getByRole('radiogroup', { name: 'Voluntariado activo' });
    expect(within(yesNo).getByRole('radio', { name: 'Sin indicar' })).toBeChecked();
    // The archived field is not an input; its value is still shown.
    expect(within(section).queryByRole('textbox', { name: /Número de socio antiguo/ })).not.toBeInTheDocument();
    expect(screen.getByText('Número de socio antiguo (archivado)')).toBeInTheDocument();

    await user.click(within(yesNo).getByRole('radio', { name: 'Sí' }));
    // Choosing the chosen option again leaves the field empty (it is not required).
    await user.click(within(section).getByRole('combobox', { name: 'Talla de camiseta' }));
    await user.click(await screen.findByRole('option', { name: 'M' }));
    expect(within(section).getByRole('combobox', { name: 'Talla de camiseta' })).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({ campos: { voluntario_activo: true, talla: null }, version: 2 });
    expect(await screen.findByText('Cambios guardados.')).toBeInTheDocument();
    expect(within(yesNo).getByRole('radio', { name: 'Sí' })).toBeChecked();

    const audit = await axe.run(section, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(audit.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id)).toEqual([]);
  });

  it("a new person sends the own fields given, and the server's message about one shows under it", async () => {
    const posted: Record<string, unknown>[] = [];
    const message = '«XL» no es una opción del campo «Talla de camiseta».';
    server.use(
      customFieldsHandler('persona', definitions),
      http.post('/api/personas', async ({ request }) => {
        posted.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ code: 'VALIDATION_ERROR', message, fieldErrors: { 'campos.talla': message }, requestId: 'r1' }, { status: 400 });
      }),
    );
    const { user } = renderWithProviders(<NuevaPersona />, { path: '/personas/nueva' });
    await user.type(screen.getByRole('textbox', { name: /Nombre/ }), 'Lucía');
    await user.type(screen.getByRole('textbox', { name: /Correo/ }), 'lucia@example.com');
    const size = await screen.findByRole('combobox', { name: 'Talla de camiseta' });
    await user.click(size);
    await user.click(await screen.findByRole('option', { name: 'L' }));
    await user.type(screen.getByLabelText('Socio desde'), '2026-11-02');
    await user.click(screen.getByRole('button', { name: 'Crear persona' }));

    await waitFor(() => expect(posted).toHaveLength(1));
    // Only what was given: nothing to clear on a new person, and no hidden or archived field.
    expect(posted[0]?.campos).toEqual({ talla: 'L', socio_desde: '2026-11-02' });
    await waitFor(() => expect(size).toHaveAccessibleDescription(message));
  });

  it('a conflict on save keeps the own fields typed on top of the newer version', async () => {
    const saved = withCampos(8, { talla: 'S' }, { version: 3 });
    const newer = withCampos(8, { talla: 'S', socio_desde: '2019-05-05' }, { ciudad: 'Sevilla', version: 4 });
    let current = saved;
    const patches: Record<string, unknown>[] = [];
    server.use(
      customFieldsHandler('persona', definitions),
      http.get('/api/personas/8', () => HttpResponse.json(current)),
      http.patch('/api/personas/8', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        patches.push(body);
        current = newer;
        return HttpResponse.json({ code: 'CONFLICT', message: 'Otra persona guardó.', requestId: 'r2' }, { status: 409 });
      }),
    );
    const { user } = renderWithProviders(<PersonPage id={8} />, { path: '/personas/8' });
    const section = await screen.findByRole('group', { name: 'Campos propios' });
    await user.click(within(section).getByRole('combobox', { name: 'Talla de camiseta' }));
    await user.click(await screen.findByRole('option', { name: 'L' }));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText('Otra persona guardó cambios mientras editabas')).toBeInTheDocument();
    // The other person's date arrives; the size typed here stays.
    await waitFor(() => expect(within(section).getByLabelText('Socio desde')).toHaveValue('2019-05-05'));
    expect(within(section).getByRole('combobox', { name: 'Talla de camiseta' })).toHaveValue('L');
    expect(patches[0]).toEqual({ campos: { talla: 'L' }, version: 3 });
  });

  it('the detail lists them as people read them: «Sí», a Spanish date, an archived one marked, a hidden one said so', async () => {
    server.use(customFieldsHandler('persona', definitions));
    const shown = withCampos(9, { voluntario_activo: true, socio_desde: '2020-03-01', nota: '***', numero_antiguo: 41 }) as Person;
    renderWithProviders(<PersonDetails person={shown} />);
    const list = await screen.findByRole('region', { name: 'Campos propios' });
    const row = (label: string) => within(list).getByText(label).nextElementSibling;
    expect(row('Voluntariado activo')).toHaveTextContent('Sí');
    expect(row('Socio desde')).toHaveTextContent('01/03/2020');
    expect(row('Nota de la entrevista')).toHaveTextContent('Oculto para tu rol');
    expect(row('Talla de camiseta')).toHaveTextContent('Sin indicar');
    expect(row('Número de socio antiguo (archivado)')).toHaveTextContent('41');
  });
});
