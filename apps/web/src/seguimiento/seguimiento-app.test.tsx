import { followupMessages } from '@refugio/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../testing/server';
import { SeguimientoApp } from './seguimiento-app';

const view = {
  organizacion: { nombre: 'Refugio Patitas', telefono: '+34 911 000 000' },
  persona: { nombre: 'Ana' },
  mascota: { nombre: 'Luna', foto: null },
  pregunta: '¿Qué tal está Luna?',
  respondido: false,
};

describe('SeguimientoApp: the adopter answers from a phone', { timeout: 20_000 }, () => {
  it('sends "Necesito ayuda" with the comment and a photo, then thanks and shows the organisation phone', async () => {
    let received: FormData | undefined;
    server.use(
      http.get('/api/seguimiento/:token', () => HttpResponse.json(view)),
      http.post('/api/seguimiento/:token', async ({ request }) => {
        received = await request.formData();
        return HttpResponse.json({ ok: true }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    render(<SeguimientoApp token="abc" />);
    expect(await screen.findByRole('heading', { name: 'Hola, Ana' })).toBeInTheDocument();
    const group = screen.getByRole('group', { name: '¿Qué tal está Luna?' });
    expect(group).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['Bien', 'Regular', 'Necesito ayuda']);

    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(followupMessages.answerRequired);
    expect(received).toBeUndefined();

    await user.click(screen.getByRole('radio', { name: 'Necesito ayuda' }));
    expect(screen.getByText(/La protectora se pondrá en contacto contigo/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Cuéntanos más (opcional)'), 'No come');
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'luna.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText(/^Fotos/), photo);
    expect(await screen.findByRole('img', { name: 'Foto 1 elegida' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));

    expect(await screen.findByRole('heading', { name: followupMessages.thanks })).toBeInTheDocument();
    expect(screen.getByText(followupMessages.helpThanks)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+34 911 000 000' })).toHaveAttribute('href', 'tel:+34911000000');
    await waitFor(() => expect(received).toBeDefined());
    expect(received!.get('comoVa')).toBe('necesito_ayuda');
    expect(received!.get('comentario')).toBe('No come');
    expect(received!.getAll('fotos')).toHaveLength(1);
  });

  it('keeps what was written when the server refuses, and says why', async () => {
    server.use(
      http.get('/api/seguimiento/:token', () => HttpResponse.json(view)),
      http.post('/api/seguimiento/:token', () => HttpResponse.json({ code: 'CONFLICT', message: followupMessages.alreadyAnswered }, { status: 409 })),
    );
    const user = userEvent.setup();
    render(<SeguimientoApp token="abc" />);
    await user.click(await screen.findByRole('radio', { name: 'Bien' }));
    await user.type(screen.getByLabelText('Cuéntanos más (opcional)'), 'Feliz');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(followupMessages.alreadyAnswered);
    expect(screen.getByLabelText('Cuéntanos más (opcional)')).toHaveValue('Feliz');
  });

  it('explains an expired link and an unknown one', async () => {
    server.use(
      http.get('/api/seguimiento/:token', () => HttpResponse.json({ code: 'GONE', message: followupMessages.linkExpired }, { status: 410 })),
    );
    const { unmount } = render(<SeguimientoApp token="viejo" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(followupMessages.linkExpired);
    unmount();
    server.use(http.get('/api/seguimiento/:token', () => HttpResponse.json({ code: 'NOT_FOUND', message: 'x' }, { status: 404 })));
    render(<SeguimientoApp token="otro" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(followupMessages.linkNotFound);
  });
});
