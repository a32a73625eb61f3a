import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEMPLATE_TITLES, TEMPLATE_VARIABLES } from '@refugio/contracts';
import { renderWithProviders } from '../../testing/render-with-providers';
import { server } from '../../testing/server';
import { SendMessageDialog } from './send-message-dialog';

const sent = (canal: 'email' | 'whatsapp', estado: string) => ({
  id: 1,
  personaId: 7,
  canal,
  plantilla: null,
  para: { nombre: 'Eva', email: 'eva@example.com', telefono: '+34600111222' },
  asunto: 'Hola',
  cuerpo: 'Hola Eva',
  estado,
  intentos: 0,
  error: null,
  creadoEn: '2026-01-01T00:00:00.000Z',
  enviadoEn: null,
  relacion: { entidad: 'persona', id: '7' },
});

describe('SendMessageDialog', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends an e-mail written by hand to the person', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/personas/:id/mensajes', async ({ request, params }) => {
        bodies.push({ id: params.id, ...((await request.json()) as object) });
        return HttpResponse.json({ mensaje: sent('email', 'pendiente') }, { status: 201 });
      }),
    );
    const onClose = vi.fn();
    const { user } = renderWithProviders(<SendMessageDialog opened onClose={onClose} personaId={7} nombre="Eva" />);
    await user.type(screen.getByRole('textbox', { name: 'Asunto' }), 'Hola');
    await user.type(screen.getByRole('textbox', { name: 'Texto' }), 'Hola Eva');
    await user.click(screen.getByRole('button', { name: 'Enviar correo' }));
    await waitFor(() => expect(bodies).toEqual([{ id: '7', canal: 'email', asunto: 'Hola', cuerpo: 'Hola Eva' }]));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('opens WhatsApp with the link the server answers, and shows it again in case it did not open', async () => {
    const url = 'https://wa.me/34600111222?text=Hola%20Eva';
    server.use(http.post('/api/personas/:id/mensajes', () => HttpResponse.json({ mensaje: sent('whatsapp', 'registrado'), url }, { status: 201 })));
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderWithProviders(<SendMessageDialog opened onClose={() => undefined} personaId={7} nombre="Eva" canal="whatsapp" />);
    expect(screen.queryByRole('textbox', { name: 'Asunto' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Texto' }), 'Hola Eva');
    await user.click(screen.getByRole('button', { name: 'Abrir WhatsApp' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(url, '_blank', 'noopener'));
    expect(screen.getByRole('link', { name: 'Abrir WhatsApp con el mensaje' })).toHaveAttribute('href', url);
  });

  it('shows the server refusing an e-mail without consent, keeping the text', async () => {
    server.use(
      http.post('/api/personas/:id/mensajes', () =>
        HttpResponse.json({ code: 'VALIDATION_ERROR', message: 'Esta persona no ha aceptado recibir correos.', requestId: 'x' }, { status: 400 }),
      ),
    );
    const { user } = renderWithProviders(<SendMessageDialog opened onClose={() => undefined} personaId={7} nombre="Eva" />);
    await user.type(screen.getByRole('textbox', { name: 'Asunto' }), 'Hola');
    await user.type(screen.getByRole('textbox', { name: 'Texto' }), 'Hola Eva');
    await user.click(screen.getByRole('button', { name: 'Enviar correo' }));
    expect(await screen.findByText('Esta persona no ha aceptado recibir correos.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Texto' })).toHaveValue('Hola Eva');
  });

  it('offers only the templates the place fills: none needing a pet from a person alone, the follow-up where there is one', async () => {
    const { unmount } = renderWithProviders(<SendMessageDialog opened onClose={() => undefined} personaId={7} nombre="Eva" />);
    expect(screen.queryAllByLabelText('Plantilla')).toHaveLength(0);
    unmount();
    const { user } = renderWithProviders(
      <SendMessageDialog opened onClose={() => undefined} personaId={7} nombre="Eva" variables={TEMPLATE_VARIABLES.seguimiento} />,
    );
    await user.click(screen.getByPlaceholderText('Sin plantilla: escribo el texto'));
    expect(await screen.findByRole('option', { name: TEMPLATE_TITLES.seguimiento })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: TEMPLATE_TITLES.solicitud_recibida })).not.toBeInTheDocument();
  });
});
