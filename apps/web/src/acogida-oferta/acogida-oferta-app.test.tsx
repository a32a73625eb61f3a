import { fosterOfferMessages } from '@refugio/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../testing/server';
import { AcogidaOfertaApp } from './acogida-oferta-app';

const view = (respuesta: 'si' | 'no' | null, cerrada = false) => ({
  organizacion: { nombre: 'Refugio Patitas' },
  persona: { nombre: 'Ana' },
  mascota: {
    nombre: 'Canela',
    tipo: 'Perro',
    genero: 'hembra',
    edad: '2 años',
    tamano: 'mediano',
    personalidad: 'Muy cariñosa.',
    historia: '',
    foto: '/phpApi/storage/app/public/productos/5/canela.jpg',
  },
  respuesta,
  cerrada,
});

describe('AcogidaOfertaApp: a foster home answers from a phone', { timeout: 20_000 }, () => {
  it('shows the card, sends "sí" and says thanks', async () => {
    let sent: unknown;
    server.use(
      http.get('/api/acogida-oferta/:token', () => HttpResponse.json(view(null))),
      http.post('/api/acogida-oferta/:token', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(view('si'));
      }),
    );
    const user = userEvent.setup();
    render(<AcogidaOfertaApp token="abc" />);
    expect(await screen.findByRole('heading', { name: 'Hola, Ana: ¿puedes acoger a Canela?' })).toBeInTheDocument();
    expect(screen.getByText('Muy cariñosa.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Foto de Canela' })).toHaveAttribute('src', '/phpApi/storage/app/public/productos/5/canela.jpg');
    await user.click(screen.getByRole('button', { name: 'Sí, puedo acoger a Canela' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Nos has dicho que puedes acoger a Canela');
    expect(sent).toEqual({ respuesta: 'si' });
    expect(screen.getByRole('button', { name: 'Sí, puedo acoger a Canela' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('a pet that already has a home offers no buttons; a link that does not work says so', async () => {
    server.use(http.get('/api/acogida-oferta/:token', () => HttpResponse.json(view(null, true))));
    const { unmount } = render(<AcogidaOfertaApp token="abc" />);
    expect(await screen.findByText(fosterOfferMessages.closed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /puedo acoger/ })).not.toBeInTheDocument();
    unmount();
    server.use(http.get('/api/acogida-oferta/:token', () => HttpResponse.json({ code: 'NOT_FOUND', message: 'x', requestId: 'x' }, { status: 404 })));
    render(<AcogidaOfertaApp token="nope" />);
    expect(await screen.findByRole('heading', { name: 'Enlace no disponible' })).toBeInTheDocument();
  });
});
