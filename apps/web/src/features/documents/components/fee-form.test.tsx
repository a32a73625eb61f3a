import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { FeeSection, feeStaleMessage } from './fee-form';

const fee = (version: number, over: Record<string, unknown> = {}) => ({
  cuota: 150,
  metodoPago: 'transferencia',
  pagado: false,
  fechaPago: null,
  referencia: '',
  version,
  ...over,
});

describe('the adoption fee', () => {
  it('a version conflict (409) says someone else changed it, keeps what was typed, and saves over the newer version', async () => {
    let current = fee(1);
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.get('/api/solicitudes-adopcion/4/cuota', () => HttpResponse.json(current)),
      http.put('/api/solicitudes-adopcion/4/cuota', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        if (body.version !== current.version)
          return HttpResponse.json({ code: 'CONFLICT', message: 'Otra persona ha cambiado la cuota.', requestId: 'r' }, { status: 409 });
        current = fee(current.version + 1, { pagado: body.pagado, fechaPago: body.fechaPago, referencia: body.referencia });
        return HttpResponse.json(current);
      }),
    );
    const { user } = renderWithProviders(<FeeSection solicitudId={4} />);
    const paid = await screen.findByRole('checkbox', { name: 'Pagada' });
    // Someone else saves meanwhile.
    current = fee(2, { referencia: 'Otra' });
    await user.click(paid);
    await user.type(screen.getByLabelText('Fecha de pago'), '2026-11-20');
    await user.type(screen.getByRole('textbox', { name: /Referencia/ }), 'BZ-123');
    await user.click(screen.getByRole('button', { name: 'Guardar cuota' }));

    expect(await screen.findByText(feeStaleMessage)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Pagada' })).toBeChecked();
    expect(screen.getByLabelText('Fecha de pago')).toHaveValue('2026-11-20');
    expect(screen.getByRole('textbox', { name: /Referencia/ })).toHaveValue('BZ-123');
    expect(sent[0]).toMatchObject({ version: 1, pagado: true, fechaPago: '2026-11-20', referencia: 'BZ-123' });

    // The newer version was read: saving again goes over it with what was typed.
    expect(await screen.findByText('Registrada: 150,00 € · Transferencia bancaria · sin pagar')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar cuota' }));
    expect(await screen.findByText('Cuota guardada.')).toBeInTheDocument();
    expect(sent[1]).toMatchObject({
      version: 2,
      pagado: true,
      fechaPago: '2026-11-20',
      referencia: 'BZ-123',
      cuota: 150,
      metodoPago: 'transferencia',
    });
  });

  it('refuses a negative or over-precise amount without sending', async () => {
    let puts = 0;
    server.use(
      http.get('/api/solicitudes-adopcion/4/cuota', () => HttpResponse.json(fee(1))),
      http.put('/api/solicitudes-adopcion/4/cuota', () => {
        puts += 1;
        return HttpResponse.json(fee(2));
      }),
    );
    const { user } = renderWithProviders(<FeeSection solicitudId={4} />);
    const amount = await screen.findByRole('textbox', { name: 'Cuota (€)' });
    await user.clear(amount);
    await user.click(screen.getByRole('button', { name: 'Guardar cuota' }));
    expect(await screen.findByText('Indica la cuota en euros (0 si no paga).')).toBeInTheDocument();
    expect(puts).toBe(0);
  });
});
