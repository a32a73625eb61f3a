import { ADOPTION_STATES, type PublicationRequestListItem } from '@refugio/contracts';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { PersonLinks } from './person-links';

const registration = (id: number, nombre: string): PublicationRequestListItem => ({
  id,
  estado: 'pendiente',
  nombre,
  edad: '1 año',
  tipo: 'Gato',
  genero: 'hembra',
  tamano: 'chico',
  contactoNombre: 'Rocío',
  contactoEmail: 'rocio@example.com',
  contactoTelefono: '',
  personaId: 7,
  enlaceId: null,
  destinatario: null,
  paqueteId: null,
  paqueteNombre: null,
  thumbnailUrl: null,
  imagenes: 0,
  videos: 0,
  mascotaId: null,
  motivoRechazo: null,
  decididoEn: null,
  createdAt: '2026-03-05T12:00:00.000Z',
});

describe('PersonLinks', () => {
  it("asks the server for the person's registrations only and says when there are more than it lists", async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('/api/solicitudes-adopcion', () =>
        HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 100, counts: Object.fromEntries(ADOPTION_STATES.map((s) => [s, 0])) }),
      ),
      http.get('/api/solicitudes-publicacion', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({ items: [registration(1, 'Pelusa'), registration(2, 'Nube')], total: 130, page: 1, pageSize: 100 });
      }),
    );
    renderWithProviders(<PersonLinks personId={7} />);
    expect(await screen.findByRole('link', { name: 'Pelusa (Gato)' })).toHaveAttribute('href', '/solicitud-publicacion?id=1');
    expect(screen.getByRole('link', { name: 'Nube (Gato)' })).toBeInTheDocument();
    expect(screen.getByText('Se muestran 2 de 130.')).toBeInTheDocument();
    expect(asked[0]?.get('personaId')).toBe('7');
  });
});
