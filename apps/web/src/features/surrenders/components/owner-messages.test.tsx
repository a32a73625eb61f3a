import type { Surrender } from '@refugio/contracts';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { OwnerMessageDialog } from './owner-messages';

const item: Surrender = {
  id: 7,
  estado: 'lista_espera',
  nombre: 'Marta',
  email: 'marta@example.org',
  telefono: '',
  documento: '12345678Z',
  documentoPersona: null,
  nombreAnimal: 'Toby',
  especie: 'Perro',
  sexo: 'macho',
  edad: '3 años',
  microchip: '',
  motivo: 'Mudanza',
  urgencia: 'alta',
  fotos: [],
  notas: '',
  motivoDecision: '',
  personaId: null,
  mascotaId: null,
  documentoId: null,
  organizacionSinNif: false,
  version: 2,
  createdAt: '2026-03-04T10:00:00.000Z',
  updatedAt: '2026-03-04T10:00:00.000Z',
};

describe('the message to a surrender owner', { timeout: 20_000 }, () => {
  it("shows the step's template filled in, lets staff edit it, and sends the edited text with the template's key", async () => {
    const asked: string[] = [];
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.get('/api/cesiones/7/mensaje', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({
          plantilla: 'cesion_lista_espera',
          asunto: 'Tu solicitud de cesión de Toby está en lista de espera',
          cuerpo: 'Hola, Marta:\n\nQueda en lista de espera.',
          canales: { email: true, whatsapp: false },
        });
      }),
      http.post('/api/cesiones/7/mensajes', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return HttpResponse.json(
          {
            mensaje: {
              id: 1,
              personaId: null,
              canal: 'email',
              plantilla: 'cesion_lista_espera',
              para: { nombre: 'Marta', email: 'marta@example.org', telefono: null },
              asunto: String(body.asunto),
              cuerpo: String(body.cuerpo),
              estado: 'pendiente',
              intentos: 0,
              error: null,
              creadoEn: '2026-03-05T10:00:00.000Z',
              enviadoEn: null,
              relacion: { entidad: 'cesion', id: '7' },
            },
          },
          { status: 201 },
        );
      }),
    );
    let closed = 0;
    const { user } = renderWithProviders(<OwnerMessageDialog item={item} opened plantilla="cesion_lista_espera" onClose={() => (closed += 1)} />);
    const text = await screen.findByRole('textbox', { name: 'Texto' });
    expect(text).toHaveValue('Hola, Marta:\n\nQueda en lista de espera.');
    expect(asked).toEqual(['?plantilla=cesion_lista_espera']);
    expect(screen.getByRole('textbox', { name: 'Asunto' })).toHaveValue('Tu solicitud de cesión de Toby está en lista de espera');
    // No phone was left: WhatsApp is offered with the reason, and cannot be sent.
    await user.click(screen.getByText('WhatsApp'));
    expect(screen.getByText('No dejó teléfono: escríbele por correo.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abrir WhatsApp' })).toBeDisabled();
    await user.click(screen.getByText('Correo'));
    await user.type(text, ' Te llamamos el lunes.');
    await user.click(screen.getByRole('button', { name: 'Enviar correo' }));
    await waitFor(() => expect(closed).toBe(1));
    expect(sent).toEqual([
      {
        canal: 'email',
        plantilla: 'cesion_lista_espera',
        asunto: 'Tu solicitud de cesión de Toby está en lista de espera',
        cuerpo: 'Hola, Marta:\n\nQueda en lista de espera. Te llamamos el lunes.',
      },
    ]);
  });

  it('asks before closing with the text changed, and keeps it when told not to', async () => {
    server.use(
      http.get('/api/cesiones/7/mensaje', () =>
        HttpResponse.json({ plantilla: 'cesion_rechazada', asunto: 'Sobre Toby', cuerpo: 'Hola, Marta.', canales: { email: true, whatsapp: false } }),
      ),
    );
    const asked: string[] = [];
    vi.stubGlobal('confirm', (text?: string) => {
      asked.push(String(text));
      return false;
    });
    let closed = 0;
    const { user } = renderWithProviders(<OwnerMessageDialog item={item} opened plantilla="cesion_rechazada" onClose={() => (closed += 1)} />);
    const text = await screen.findByRole('textbox', { name: 'Texto' });
    await user.type(text, ' Lo sentimos.');
    await user.keyboard('{Escape}');
    expect(asked).toEqual(['¿Descartar el mensaje sin enviarlo?']);
    expect(closed).toBe(0);
    expect(text).toHaveValue('Hola, Marta. Lo sentimos.');
    vi.unstubAllGlobals();
  });
});
