import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../lib/session';
import { renderWithProviders } from '../../testing/render-with-providers';
import { UserMenu } from './user-menu';

vi.mock('./use-sign-out-action', () => ({ useSignOutAction: () => ({ run: vi.fn(), isPending: false }) }));

const user = { id: 'u1', name: 'Nerea', lastname: 'Sanz', email: 'nerea@refugio.test', color: '' } as unknown as SessionUser;

describe('UserMenu (the header dropdown)', () => {
  it("holds 'Cerrar Sesión' alone (SPEC 2)", async () => {
    const { user: person } = renderWithProviders(<UserMenu user={user} />);
    await person.click(screen.getByRole('button', { name: 'Nerea Sanz' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Cerrar Sesión']);
  });
});
