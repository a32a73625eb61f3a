import type { AdoptionRequest } from '@refugio/contracts';
import { screen } from '@testing-library/react';
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
  mascota: { id: 1, nombre: 'Luna', tipo: 'Perro', miniatura: null, adoptado: '0', eliminada: false },
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
