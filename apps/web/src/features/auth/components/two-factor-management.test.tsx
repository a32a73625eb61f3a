import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { backupCodesText } from './backup-codes';
import { TwoFactorManagement } from './two-factor-management';

const mandatory =
  'Tu rol exige la verificación en dos pasos: no se puede desactivar. Si has perdido el móvil, pide a otro administrador que la restablezca.';
const codes = Array.from({ length: 10 }, (_, i) => `codigo-${i}`);

describe('managing the two-step sign-in', { timeout: 30_000 }, () => {
  it('asks the password in a dialog and shows the new backup codes once, to copy or download', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/auth/two-factor/generate-backup-codes', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ status: true, backupCodes: codes });
      }),
    );
    const { user } = renderWithProviders(<TwoFactorManagement onDisabled={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Generar códigos de respaldo nuevos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generar códigos de respaldo nuevos' });
    expect(within(dialog).getByText(/dejarán de servir/)).toBeInTheDocument();
    // Nothing is sent without the password.
    await user.click(within(dialog).getByRole('button', { name: 'Generar códigos nuevos' }));
    expect(sent).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Contraseña actual/), 'mi-clave-segura');
    await user.click(within(dialog).getByRole('button', { name: 'Generar códigos nuevos' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ password: 'mi-clave-segura' }]);
    const list = screen.getByRole('list', { name: 'Códigos de respaldo' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    expect(screen.getByRole('button', { name: 'Copiar los códigos' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar los códigos' })).toBeInTheDocument();
    expect(backupCodesText(codes)).toContain('codigo-9\n');
  });

  it("shows the server's refusal to turn it off, and keeps the dialog open", async () => {
    server.use(
      http.post('/api/auth/two-factor/disable', () => HttpResponse.json({ code: 'FORBIDDEN', message: mandatory, requestId: 'r1' }, { status: 403 })),
    );
    const onDisabled = vi.fn();
    const { user } = renderWithProviders(<TwoFactorManagement onDisabled={onDisabled} />);
    await user.click(screen.getByRole('button', { name: 'Desactivar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desactivar la verificación en dos pasos' });
    await user.type(within(dialog).getByLabelText(/Contraseña actual/), 'mi-clave-segura');
    await user.click(within(dialog).getByRole('button', { name: 'Desactivar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(mandatory);
    expect(onDisabled).not.toHaveBeenCalled();
  });
});
