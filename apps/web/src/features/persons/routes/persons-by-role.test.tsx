import type { ListPersonsResponse } from '@refugio/contracts';
import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { person } from '../../../testing/person-fixture';
import { customFieldsHandler } from '../../../testing/custom-field-fixture';
import { server } from '../../../testing/server';
import { Component as Persona } from './persona';
import { Component as Personas } from './personas';

/*
 * What each role is offered on the persons screens (issue 47): no button or link that leads to
 * "No tienes permiso", and Voluntariado reads a person's data as text, not as greyed-out fields.
 */

const sessionOf = (role: string) =>
  http.get('/api/auth/get-session', () =>
    HttpResponse.json({
      session: { id: 's', expiresAt: '2099-01-01T00:00:00.000Z' },
      user: { id: 'u', email: 'x@refugio.test', name: 'Vera', lastname: 'Sanz', role },
    }),
  );

const axeClean = async () => {
  const audit = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  expect(
    audit.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`),
  ).toEqual([]);
};

describe('Personas by role', () => {
  // The organisation has no own fields: the forms and details ask, and show none.
  beforeEach(() => server.use(customFieldsHandler('persona')));

  const list = () =>
    http.get('/api/personas', () => HttpResponse.json({ items: [person(1)], total: 1, page: 1, pageSize: 20 } satisfies ListPersonsResponse));

  it('offers Voluntariado no "Nueva persona" (it reads persons and creates none)', async () => {
    server.use(list(), sessionOf('Voluntariado'));
    renderWithProviders(<Personas />, { path: '/personas' });
    expect(await screen.findByRole('link', { name: 'Ana1 García' })).toBeInTheDocument();
    // The session has answered: the page knows the role.
    await screen.findByText('1 persona');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('link', { name: 'Nueva persona' })).toBeNull();
    await axeClean();
  });

  it('offers Tesorería "Nueva persona"', async () => {
    server.use(list(), sessionOf('Tesorería'));
    renderWithProviders(<Personas />, { path: '/personas' });
    expect(await screen.findByRole('link', { name: 'Nueva persona' })).toHaveAttribute('href', '/personas/nueva');
  });
});

describe('Persona by role', () => {
  const openPerson = async () => {
    const rendered = renderWithProviders(<p>Inicio</p>, { path: '/', routes: [{ path: '/personas/:id', element: <Persona /> }] });
    await rendered.router.navigate('/personas/7');
    return rendered;
  };
  const answers = (role: string) => [
    sessionOf(role),
    http.get('/api/personas/7', () =>
      HttpResponse.json(
        person(7, {
          nombre: 'Lucía',
          apellidos: 'Pérez',
          telefono: role === 'Voluntariado' ? '***' : '+34 976 12 34 56',
          documento: role === 'Voluntariado' ? '***' : '12345678Z',
          direccion: role === 'Voluntariado' ? '***' : 'Calle Mayor 1',
          roles: ['voluntario', 'socio'],
        }),
      ),
    ),
    http.get('/api/personas/7/historial', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 20 })),
    http.get('/api/personas/7/duplicados', () => HttpResponse.json({ items: [] })),
    // The team's other sections of the page (messages, requests, foster home) are not what this test reads.
    http.get('/api/*', () => HttpResponse.json({ error: 'Not Found', message: 'No encontrado.', statusCode: 404 }, { status: 404 })),
  ];

  it('shows Voluntariado the data as text (a description list), with no field, no "Guardar cambios" and no actions', async () => {
    server.use(...answers('Voluntariado'));
    await openPerson();
    const section = await screen.findByRole('region', { name: 'Datos de la persona' });
    expect(within(section).queryAllByRole('textbox')).toEqual([]);
    expect(within(section).queryAllByRole('checkbox')).toEqual([]);
    expect(within(section).queryAllByRole('switch')).toEqual([]);
    const terms = within(section)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(terms).toContain('Nombre');
    expect(terms).toContain('Teléfono');
    const value = (term: string) =>
      within(section)
        .getAllByRole('term')
        .find((t) => t.textContent === term)!.nextElementSibling?.textContent;
    expect(value('Nombre')).toBe('Lucía');
    expect(value('Teléfono')).toBe('Oculto para tu rol');
    expect(value('Roles')).toBe('Voluntario/a, Socio/a');
    expect(screen.queryByRole('button', { name: 'Guardar cambios' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Editar|Bloquear|Fusionar/ })).toBeNull();
    await axeClean();
  });

  it('gives the team the form to edit them', async () => {
    server.use(...answers('Equipo'));
    await openPerson();
    expect(await screen.findByRole('textbox', { name: /Nombre/ })).toHaveValue('Lucía');
    expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeInTheDocument();
  });
});
