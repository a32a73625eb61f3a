import type { AdoptionRequest } from '@refugio/contracts';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { person } from '../../../testing/person-fixture';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { Component as Formulario } from './formulario';

const request: AdoptionRequest & { personaId: number; alerta: 'persona_bloqueada' | null } = {
  id: 5,
  estado: 'nueva',
  nombre: 'Marta Ruiz',
  email: 'marta@example.com',
  telefono: '+34612345678',
  ciudad: 'Bilbao',
  mascota: { id: 1, nombre: 'Luna', tipo: 'Perro', genero: 'hembra', miniatura: null, adoptado: '0', eliminada: false },
  version: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  edad: 40,
  direccion: 'Calle Mayor 1',
  vivienda: 'departamento',
  viviendaPropia: true,
  permiteMascotas: null,
  patio: false,
  personasEnCasa: 2,
  ninosEnCasa: 0,
  horasSolo: 2,
  otrasMascotas: '',
  experiencia: '',
  motivo: 'Queremos darle una casa',
  aceptaVisita: true,
  aceptaPrivacidad: true,
  otrasAbiertas: 0,
  contacto: { email: 'marta@example.com', telefono: '+34612345678', confirmado: false, confirmadoEn: null },
  posiblesDuplicados: [],
  eventos: [],
  personaId: 9,
  alerta: 'persona_bloqueada',
};

/** /formulario/5 under the route pattern the app uses, so the screen reads its id. */
async function openRequest() {
  const rendered = renderWithProviders(<p>Inicio</p>, { path: '/', routes: [{ path: '/formulario/:id', element: <Formulario /> }] });
  await rendered.router.navigate('/formulario/5');
  return rendered;
}

describe('Formulario: the applicant’s person', () => {
  it('links to the person and shows "Persona bloqueada" with the reason when the request says so', async () => {
    server.use(
      http.get('/api/solicitudes-adopcion/5', () => HttpResponse.json(request)),
      http.get('/api/personas/9', () =>
        HttpResponse.json(person(9, { nombre: 'Marta', apellidos: 'Ruiz', bloqueado: true, motivoBloqueo: 'No devolvió al perro en acogida' })),
      ),
    );
    await openRequest();

    const reason = await screen.findByText('Persona bloqueada: No devolvió al perro en acogida');
    expect(reason.closest('[role="alert"]')).not.toBeNull();
    expect(await screen.findByRole('link', { name: 'Marta Ruiz' })).toHaveAttribute('href', '/personas/9');
    expect(screen.getByRole('button', { name: 'WhatsApp' })).toBeEnabled();
  });

  it('shows no alert for a person who is not blocked', async () => {
    server.use(
      http.get('/api/solicitudes-adopcion/5', () => HttpResponse.json({ ...request, alerta: null })),
      http.get('/api/personas/9', () => HttpResponse.json(person(9, { nombre: 'Marta', apellidos: 'Ruiz' }))),
    );
    await openRequest();

    expect(await screen.findByRole('link', { name: 'Marta Ruiz' })).toBeInTheDocument();
    expect(screen.queryByText(/Persona bloqueada/)).not.toBeInTheDocument();
  });
});

describe('Formulario: words that name the pet agree with its sex', () => {
  it('a male pet is "Adoptado" and approving offers "Marcar a Ñandú como adoptado"', async () => {
    const nandu = {
      ...request,
      estado: 'en_revision' as const,
      alerta: null,
      mascota: { ...request.mascota, nombre: 'Ñandú', genero: 'macho', adoptado: '1' as const },
    };
    server.use(
      http.get('/api/solicitudes-adopcion/5', () => HttpResponse.json(nandu)),
      http.get('/api/personas/9', () => HttpResponse.json(person(9, { nombre: 'Marta', apellidos: 'Ruiz' }))),
    );
    const { user } = await openRequest();
    expect(await screen.findByText(/· Adoptado$/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Aprobar' }));
    expect(await screen.findByRole('checkbox', { name: /^Marcar a Ñandú como adoptado / })).toBeInTheDocument();
  });

  it('a female pet is "Adoptada"', async () => {
    const luna = { ...request, estado: 'en_revision' as const, alerta: null, mascota: { ...request.mascota, adoptado: '1' as const } };
    server.use(
      http.get('/api/solicitudes-adopcion/5', () => HttpResponse.json(luna)),
      http.get('/api/personas/9', () => HttpResponse.json(person(9, { nombre: 'Marta', apellidos: 'Ruiz' }))),
    );
    const { user } = await openRequest();
    expect(await screen.findByText(/· Adoptada$/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Aprobar' }));
    expect(await screen.findByRole('checkbox', { name: /^Marcar a Luna como adoptada / })).toBeInTheDocument();
  });
});

describe('Formulario: the application’s contact', () => {
  it('flags a possible duplicate and confirms another contact only by an explicit action', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('/api/solicitudes-adopcion/5', () =>
        HttpResponse.json({
          ...request,
          alerta: null,
          posiblesDuplicados: [
            {
              persona: { id: 7, nombre: 'Marta R.', email: 'otra@example.com', telefono: '+34612345678' },
              motivos: ['mismo_telefono', 'nombre_parecido'],
            },
          ],
        }),
      ),
      http.get('/api/personas/9', () => HttpResponse.json(person(9, { nombre: 'Marta', apellidos: 'Ruiz' }))),
      http.post('/api/solicitudes-adopcion/5/contacto', async ({ request: req }) => {
        sent.push(await req.json());
        return HttpResponse.json({
          ...request,
          alerta: null,
          contacto: { email: 'marta.ruiz@example.com', telefono: '+34612345678', confirmado: true, confirmadoEn: '2026-11-02T10:00:00.000Z' },
        });
      }),
    );
    const { user } = await openRequest();

    const section = await screen.findByRole('region', { name: 'Contacto de la solicitud' });
    expect(within(section).getByText('Posible duplicado')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Marta R.' })).toHaveAttribute('href', '/personas/7');
    expect(within(section).getByText(/Mismo teléfono, Nombre parecido/)).toBeInTheDocument();
    expect(within(section).getByText(/el que dio quien la envió/)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.click(within(section).getByRole('button', { name: 'Confirmar otro contacto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar otro contacto' });
    const email = within(dialog).getByLabelText('Correo electrónico');
    await user.clear(email);
    await user.type(email, 'marta.ruiz@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar contacto' }));
    expect(await within(section).findByText(/confirmado por el equipo/)).toBeInTheDocument();
    expect(sent).toEqual([{ email: 'marta.ruiz@example.com', telefono: '+34612345678' }]);
  });
});
