import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { SaveSuccessModal } from './save-success-modal';

const summary = { nombre: 'Luna', tipo: 'Gato', edad: '2 años', genero: 'hembra', images: 1, videos: 0, tags: 2, failed: [] };

describe('SaveSuccessModal', () => {
  it("'Ver en Dashboard' goes to Home, the pet list (SPEC section 4), not to /dashboard", async () => {
    const { user, router } = renderWithProviders(
      <SaveSuccessModal title="¡Mascota Actualizada Exitosamente!" summary={summary} onContinue={() => {}} />,
      {
        path: '/editar/7',
        routes: [
          { path: '/', element: <h1>Mascotas</h1> },
          { path: '/dashboard', element: <h1>Dashboard</h1> },
        ],
      },
    );
    await user.click(screen.getByRole('link', { name: 'Ver en Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Mascotas' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
