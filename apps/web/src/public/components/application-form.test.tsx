import { adoptionMessages } from '@refugio/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../testing/server';
import { ApplicationForm } from './application-form';

/*
 * The application form checks in the browser with the schema's rules (no zod) and, when the server still finds a
 * problem, shows the server's `fieldErrors` under their fields the same way.
 */

let posted: unknown[];
beforeEach(() => {
  posted = [];
});

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Nombre completo'), 'Ana Pérez');
  await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
  await user.type(screen.getByLabelText('Teléfono'), '55 1234 5678');
  await user.type(screen.getByLabelText('Edad (años)'), '30');
  await user.type(screen.getByLabelText('Ciudad'), 'Puebla');
  await user.type(screen.getByLabelText('Dirección'), 'Calle 1');
  await user.click(within(screen.getByRole('group', { name: 'Tipo de vivienda' })).getByLabelText('Casa'));
  await user.click(within(screen.getByRole('group', { name: '¿La vivienda es propia?' })).getByLabelText('Sí'));
  await user.click(within(screen.getByRole('group', { name: '¿Tienes patio?' })).getByLabelText('No'));
  await user.type(screen.getByLabelText('Personas que viven en casa (tú incluido)'), '2');
  await user.type(screen.getByLabelText('Niños que viven en casa'), '0');
  await user.type(screen.getByLabelText('Horas al día que estaría sola la mascota'), '3');
  await user.type(screen.getByLabelText('¿Por qué quieres adoptar?'), 'Compañía');
  await user.click(screen.getByLabelText(/visite mi hogar/));
  await user.click(screen.getByLabelText(/aviso de privacidad/));
}

describe('the adoption application form', () => {
  it('stops an incomplete form in the browser with the Spanish messages, sending nothing', async () => {
    server.use(
      http.post('/api/public/solicitudes-adopcion', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ id: 1, estado: 'nueva' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    render(<ApplicationForm petId={4} petName="Luna" />);
    await user.type(screen.getByLabelText('Edad (años)'), '16');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByText(adoptionMessages.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(adoptionMessages.ageMinor)).toBeInTheDocument();
    expect(screen.getByText(adoptionMessages.privacyRequired)).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it("shows the server's fieldErrors under their fields", async () => {
    server.use(
      http.post('/api/public/solicitudes-adopcion', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(
          {
            code: 'VALIDATION_ERROR',
            message: 'Revisa los datos: hay campos con errores.',
            requestId: 'r1',
            fieldErrors: { email: 'Ese correo no recibe mensajes.' },
          },
          { status: 400 },
        );
      }),
    );
    const user = userEvent.setup();
    render(<ApplicationForm petId={4} petName="Luna" />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByText('Ese correo no recibe mensajes.')).toBeInTheDocument();
    expect(screen.getByLabelText('Correo electrónico')).toHaveAccessibleDescription(/Ese correo no recibe mensajes/);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ mascotaId: 4, nombre: 'Ana Pérez', edad: 30, viviendaPropia: true, patio: false });
  });
});
