import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import type { PetView } from '../api/pet-view';
import { PetPlace } from './pet-location';
import { PetShareMenu } from './pet-share-menu';

/*
 * The pet page's actions by role (issue 47): the poster and the suggested post are the publication team's, a foster
 * home's page is for the roles that read persons. Nothing offered leads to "No tienes permiso".
 */

const sessionOf = (role: string) =>
  http.get('/api/auth/get-session', () =>
    HttpResponse.json({
      session: { id: 's', expiresAt: '2099-01-01T00:00:00.000Z' },
      user: { id: 'u', email: 'x@refugio.test', name: 'Vera', lastname: 'Sanz', role },
    }),
  );
const pet = { id: 3, nombre: 'Tango', genero: 'macho', estado: 'publicada', adoptado: false, deletedAt: null } as unknown as PetView;

describe('PetShareMenu by role', () => {
  const ai = http.get('/api/ai/estado', () => HttpResponse.json({ available: true, provider: 'gemini' }));

  it('offers a vet the link and the image but no poster and no suggested post', async () => {
    server.use(sessionOf('Veterinaria'), ai);
    const { user } = renderWithProviders(<PetShareMenu pet={pet} />);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await user.click(await screen.findByRole('button', { name: 'Compartir' }));
    expect(await screen.findByRole('menuitem', { name: 'Copiar enlace' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Imprimir cartel' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: /Sugerir/ })).toBeNull();
  });

  it('offers the team the poster', async () => {
    server.use(sessionOf('Equipo'), ai);
    const { user } = renderWithProviders(<PetShareMenu pet={pet} />);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await user.click(await screen.findByRole('button', { name: 'Compartir' }));
    expect(await screen.findByRole('menuitem', { name: 'Imprimir cartel' })).toHaveAttribute('href', '/api/mascotas/3/cartel.pdf');
  });
});

describe('PetPlace by role', () => {
  const place = { tipo: 'acogida', desde: '2026-11-01', persona: { id: 9, nombre: 'Marta Gil' } } as const;

  it('names the foster home to a vet as text, and links it for Voluntariado', async () => {
    server.use(sessionOf('Veterinaria'));
    const vet = renderWithProviders(<PetPlace place={place} />);
    expect(await screen.findByText('Marta Gil')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('link', { name: 'Marta Gil' })).toBeNull();
    vet.unmount();
    server.use(sessionOf('Voluntariado'));
    renderWithProviders(<PetPlace place={place} />);
    expect(await screen.findByRole('link', { name: 'Marta Gil' })).toHaveAttribute('href', '/personas/9');
  });
});
