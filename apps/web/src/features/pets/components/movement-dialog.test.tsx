import { movementMessages } from '@refugio/contracts';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { person } from '../../../testing/person-fixture';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { entryDefault, localToday } from '../lib/movement-rules';
import { MovementDialog } from './movement-dialog';

const answer = { ubicacion: { tipo: 'refugio', desde: '2026-11-01' }, movimientos: [], version: 8 };

function answerMovements(status = 201, body: Record<string, unknown> = answer) {
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.post('/api/mascotas/9/movimientos', async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(body, { status });
    }),
  );
  return sent;
}

describe('recording a movement', () => {
  it('a return needs a reason: none shows the message and sends nothing; with one it is sent with the version', async () => {
    const sent = answerMovements();
    const onClose = vi.fn();
    const { user } = renderWithProviders(<MovementDialog petId={9} petName="Luna" version={7} tipo="devolucion" onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Registrar devolución de Luna' });
    await user.click(within(dialog).getByRole('button', { name: 'Registrar devolución' }));
    expect(await within(dialog).findByText(movementMessages.reasonRequired)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Alergia en la familia');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar devolución' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([{ tipo: 'devolucion', fecha: localToday(), version: 7, motivo: 'Alergia en la familia' }]);
  });

  it('a placement needs a person; a future date is refused before sending', async () => {
    const sent = answerMovements();
    server.use(
      http.get('/api/personas', () =>
        HttpResponse.json({ items: [person(4, { nombre: 'Eva', apellidos: 'Sanz' })], total: 1, page: 1, pageSize: 8 }),
      ),
    );
    const onClose = vi.fn();
    const { user } = renderWithProviders(<MovementDialog petId={9} petName="Luna" version={7} tipo="acogida" onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Registrar acogida de Luna' });
    const date = within(dialog).getByLabelText(/Fecha/);
    await user.clear(date);
    await user.type(date, '2999-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar acogida' }));
    expect(await within(dialog).findByText(movementMessages.personRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(movementMessages.dateInFuture)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(date);
    await user.type(date, '2026-01-10');
    await user.type(within(dialog).getByRole('textbox', { name: 'Casa de acogida' }), 'eva');
    await user.click(await within(dialog).findByRole('radio', { name: 'Eva Sanz' }));
    await user.click(within(dialog).getByRole('button', { name: 'Registrar acogida' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([{ tipo: 'acogida', fecha: '2026-01-10', version: 7, personaId: 4 }]);
  });

  it('a death is confirmed once more (never public again) before it is sent', async () => {
    const sent = answerMovements();
    const onClose = vi.fn();
    const { user } = renderWithProviders(<MovementDialog petId={9} petName="Luna" version={7} tipo="fallecimiento" onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Registrar fallecimiento de Luna' });
    expect(within(dialog).queryByRole('textbox', { name: /Casa de acogida|Persona/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Registrar fallecimiento' }));
    expect(await within(dialog).findByText('Escribe la causa de la muerte.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Causa de la muerte/ }), 'Insuficiencia renal');
    await user.type(within(dialog).getByRole('textbox', { name: /Veterinario/ }), 'Clínica Sur, col. 4122');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar fallecimiento' }));
    expect(await within(dialog).findByText('Luna no volverá a publicarse nunca y no admitirá más movimientos.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Sí, registrar fallecimiento' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([
      { tipo: 'fallecimiento', fecha: localToday(), version: 7, motivo: 'Insuficiencia renal', veterinario: 'Clínica Sur, col. 4122' },
    ]);
  });

  it('adopting a fostered pet says the placement closes on the same date, and sends cerrarAcogida', async () => {
    const sent = answerMovements();
    const onClose = vi.fn();
    const { user } = renderWithProviders(
      <MovementDialog
        petId={9}
        petName="Luna"
        version={7}
        tipo="adopcion"
        onClose={onClose}
        initialPerson={{ id: 5, nombre: 'Rosa Acoge' }}
        closesFoster={{ id: 5, nombre: 'Rosa Acoge' }}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Registrar adopción de Luna' });
    expect(within(dialog).getByText(/Luna está en acogida en casa de Rosa Acoge/)).toHaveTextContent('«Pasa a adopción»');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar adopción' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([{ tipo: 'adopcion', fecha: localToday(), version: 7, personaId: 5, cerrarAcogida: true }]);
  });

  it('an entry recorded by hand starts at the pet’s own entry date, not today', async () => {
    const sent = answerMovements();
    const onClose = vi.fn();
    const { user } = renderWithProviders(
      <MovementDialog
        petId={9}
        petName="Luna"
        version={7}
        tipo="ingreso"
        onClose={onClose}
        initialDate={entryDefault('2024-03-05 00:00:00', [], localToday())}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Registrar ingreso de Luna' });
    await user.click(within(dialog).getByRole('button', { name: 'Registrar ingreso' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([{ tipo: 'ingreso', fecha: '2024-03-05', version: 7 }]);
    // Not after a later movement, nor in the future, nor without a date: today then.
    expect(entryDefault('2024-03-05 00:00:00', [{ fecha: '2024-04-01' }], '2026-12-01')).toBeNull();
    expect(entryDefault('2027-01-01 00:00:00', [], '2026-12-01')).toBeNull();
    expect(entryDefault('', [], '2026-12-01')).toBeNull();
  });

  it("shows the server's Spanish 409 and keeps what was typed", async () => {
    answerMovements(409, { code: 'CONFLICT', message: movementMessages.placementOpen, requestId: 'r1' });
    const onClose = vi.fn();
    const { user } = renderWithProviders(
      <MovementDialog petId={9} petName="Luna" version={7} tipo="adopcion" onClose={onClose} initialPerson={{ id: 4, nombre: 'Eva Sanz' }} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Registrar adopción de Luna' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Notas' }), 'Firmó el contrato');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar adopción' }));
    expect(await within(dialog).findByText(movementMessages.placementOpen)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Notas' })).toHaveValue('Firmó el contrato');
    expect(within(dialog).getByText('Eva Sanz')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
