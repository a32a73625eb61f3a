import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { ApiError } from '../../../lib/api-client';
import type { CareRecord } from '@refugio/contracts';
import { CareRecordDialog } from './care-record-dialog';

const record: CareRecord = {
  id: 5,
  mascotaId: 7,
  tipo: 'vacuna',
  nombre: 'Polivalente',
  fechaProgramada: '2026-11-20',
  fechaRealizada: null,
  estado: 'programado',
  vencido: false,
  repetirCadaDias: null,
  dosis: '1 ml',
  lote: '',
  veterinario: '',
  resultado: '',
  pesoKg: null,
  coste: null,
  notas: '',
  protocoloId: null,
  adjuntos: [],
  version: 2,
  creadoEn: '2026-11-01T10:00:00.000Z',
  actualizadoEn: '2026-11-01T10:00:00.000Z',
};

function renderDialog(props: Partial<Parameters<typeof CareRecordDialog>[0]> = {}) {
  const onSave = vi.fn(() => Promise.resolve());
  const onClose = vi.fn();
  const onLoadLatest = vi.fn(() => Promise.resolve<CareRecord | undefined>({ ...record, version: 3, dosis: '2 ml' }));
  const view = renderWithProviders(
    <CareRecordDialog opened record={null} today="2026-11-24" onClose={onClose} onSave={onSave} onLoadLatest={onLoadLatest} {...props} />,
  );
  return { ...view, onSave, onClose, onLoadLatest };
}

describe('CareRecordDialog', () => {
  it('asks for a name and a planned or done date before saving', async () => {
    const { user, onSave } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Escribe qué se hizo o se hará (por ejemplo, «Rabia»).')).toBeInTheDocument();
    expect(screen.getByText('Indica la fecha prevista o la fecha en que se hizo.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses a done date after today (the organisation’s day)', async () => {
    const { user, onSave } = renderDialog();
    await user.type(screen.getByRole('textbox', { name: /Nombre/ }), 'Rabia');
    await user.type(screen.getByLabelText('Fecha de realización'), '2026-11-25');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('La fecha en que se hizo no puede ser posterior a hoy.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends a done record of today with its repetition and batch', async () => {
    const { user, onSave, onClose } = renderDialog();
    await user.type(screen.getByRole('textbox', { name: /Nombre/ }), 'Rabia');
    await user.type(screen.getByLabelText('Fecha de realización'), '2026-11-24');
    await user.type(screen.getByRole('textbox', { name: /Repetir cada/ }), '365');
    await user.type(screen.getByRole('textbox', { name: 'Lote' }), 'AB12');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        tipo: 'vacuna',
        nombre: 'Rabia',
        fechaRealizada: '2026-11-24',
        fechaProgramada: null,
        repetirCadaDias: 365,
        lote: 'AB12',
      }),
      null,
    );
    expect(onClose).toHaveBeenCalled();
  });

  it('after a version conflict keeps what was typed and saves again over the newest version', async () => {
    const conflict = new ApiError({ status: 409, code: 'CONFLICT', message: 'Otra persona cambió el registro.', hasServerMessage: true });
    const onSave = vi
      .fn<(input: unknown, version: number | null) => Promise<unknown>>()
      .mockRejectedValueOnce(conflict)
      .mockResolvedValueOnce(undefined);
    const { user, onLoadLatest } = renderDialog({ record, onSave });
    const dose = screen.getByRole('textbox', { name: 'Dosis' });
    await user.clear(dose);
    await user.type(dose, '1,5 ml');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Otra persona cambió este registro')).toBeInTheDocument();
    expect(onLoadLatest).toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Dosis' })).toHaveValue('1,5 ml');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
    expect(onSave.mock.calls[0]?.[1]).toBe(2);
    expect(onSave.mock.calls[1]?.[1]).toBe(3);
    expect(onSave.mock.calls[1]?.[0]).toEqual(expect.objectContaining({ dosis: '1,5 ml' }));
  });

  it('asks before closing with something typed', async () => {
    const { user, onClose } = renderDialog();
    await user.type(screen.getByRole('textbox', { name: /Nombre/ }), 'Rabia');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('¿Descartar lo escrito?')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Descartar' }));
    expect(onClose).toHaveBeenCalled();
  });
});
