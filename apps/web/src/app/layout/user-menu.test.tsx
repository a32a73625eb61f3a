import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../lib/session';
import { renderWithProviders } from '../../testing/render-with-providers';
import { UserMenu } from './user-menu';

vi.mock('./use-sign-out-action', () => ({ useSignOutAction: () => ({ run: vi.fn(), isPending: false }) }));

const user = { id: 'u1', name: 'Nerea', lastname: 'Sanz', email: 'nerea@refugio.test', color: '' } as unknown as SessionUser;

describe('UserMenu (the header dropdown)', () => {
  it('leads to the two-step sign-in page, then signs out', async () => {
    const { user: person, router } = renderWithProviders(<UserMenu user={user} />, {
      routes: [{ path: '/cuenta/dos-pasos', element: <h1>Dos pasos</h1> }],
    });
    await person.click(screen.getByRole('button', { name: 'Nerea Sanz' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Verificación en dos pasos', 'Cerrar Sesión']);
    await person.click(screen.getByRole('menuitem', { name: 'Verificación en dos pasos' }));
    expect(router.state.location.pathname).toBe('/cuenta/dos-pasos');
  });
});
