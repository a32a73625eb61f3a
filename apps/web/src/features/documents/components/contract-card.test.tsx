import { screen, waitFor, within } from '@testing-library/react';
import type { DocumentDto } from '@refugio/contracts';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAKE_PNG, fakeCanvas } from '../../../firmar/fake-canvas';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { ContractCard } from './contract-card';

const doc = (over: Partial<DocumentDto> = {}): DocumentDto => ({
  id: 9,
  tipo: 'contrato_adopcion',
  estado: 'borrador',
  sha256: 'a1'.repeat(32),
  creadoEn: '2026-11-24T09:00:00.000Z',
  firmadoEn: null,
  firmante: { nombre: 'Marta García', email: 'marta@example.com' },
  solicitudId: 4,
  movimientoId: null,
  cesionId: null,
  mascota: { id: 2, nombre: 'Luna' },
  persona: { id: 3, nombre: 'Marta García' },
  enlace: null,
  firmado: null,
  ...over,
});
const fee = { cuota: 150, metodoPago: 'bizum', pagado: false, fechaPago: null, referencia: '', version: 1 };

beforeEach(() => fakeCanvas());
afterEach(() => vi.restoreAllMocks());

describe('the adoption contract card', () => {
  it('prepares the contract with the fee from an approved request, then shows it as a draft', async () => {
    let items: DocumentDto[] = [];
    const sent: unknown[] = [];
    server.use(
      http.get('/api/documentos', ({ request }) => {
        expect(new URL(request.url).searchParams.get('solicitudId')).toBe('4');
        return HttpResponse.json({ items });
      }),
      http.get('/api/solicitudes-adopcion/4/cuota', () =>
        HttpResponse.json(items.length ? fee : { cuota: null, metodoPago: null, pagado: false, fechaPago: null, referencia: '', version: 0 }),
      ),
      http.get('/api/solicitudes-adopcion/4/contrato/preparacion', () => HttpResponse.json({ personaId: 3, faltan: [], bloqueos: [] })),
      http.post('/api/solicitudes-adopcion/4/contrato', async ({ request }) => {
        sent.push(await request.json());
        items = [doc()];
        return HttpResponse.json({ documentoId: 9 }, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<ContractCard solicitudId={4} aprobada />);
    expect(await screen.findByText(/Todavía no hay contrato/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preparar contrato' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preparar contrato de adopción' });
    await user.click(within(dialog).getByLabelText('Forma de pago', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Bizum' }));
    await user.click(within(dialog).getByRole('button', { name: 'Preparar contrato' }));
    expect(await within(dialog).findByText('Indica la cuota en euros (0 si no paga).')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Cuota de adopción/ }), '150,5');
    await user.click(within(dialog).getByRole('button', { name: 'Preparar contrato' }));
    expect(await screen.findByText('Preparado: todavía no se ha enviado para firmar.')).toBeInTheDocument();
    expect(sent).toEqual([{ cuota: 150.5, metodoPago: 'bizum' }]);
    expect(screen.getByRole('link', { name: 'Ver PDF' })).toHaveAttribute('href', '/api/documentos/9/pdf');
    expect(await screen.findByRole('heading', { name: 'Cuota de adopción' })).toBeInTheDocument();
  });

  it('sends for signing by WhatsApp: opens the chat in a new tab and shows the link to copy', async () => {
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    const sent: unknown[] = [];
    server.use(
      http.get('/api/documentos', () => HttpResponse.json({ items: [doc()] })),
      http.get('/api/solicitudes-adopcion/4/cuota', () => HttpResponse.json(fee)),
      http.post('/api/documentos/9/enviar', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ url: 'http://x/firmar/tok', venceEn: '2026-12-08T09:00:00.000Z', whatsappUrl: 'https://wa.me/34600?text=x' });
      }),
    );
    const { user } = renderWithProviders(<ContractCard solicitudId={4} aprobada />);
    await user.click(await screen.findByRole('button', { name: 'Enviar para firmar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar para firmar' });
    await user.click(within(dialog).getByRole('radio', { name: 'Por WhatsApp' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Enlace para firmar' })).toHaveValue('http://x/firmar/tok');
    expect(within(dialog).getByRole('button', { name: 'Copiar enlace' })).toBeInTheDocument();
    expect(sent).toEqual([{ canal: 'whatsapp' }]);
    expect(opened).toHaveBeenCalledWith('https://wa.me/34600?text=x', '_blank', 'noopener');
  });

  it('a signed contract says when and by whom, and its integrity is verified on demand', async () => {
    server.use(
      http.get('/api/documentos', () =>
        HttpResponse.json({
          items: [
            doc({
              estado: 'firmado',
              firmadoEn: '2026-11-24T10:30:00.000Z',
              firmado: { sha256: 'b2'.repeat(32), presencial: true, presente: { id: 'u1', nombre: 'Ana' } },
            }),
          ],
        }),
      ),
      http.get('/api/solicitudes-adopcion/4/cuota', () => HttpResponse.json(fee)),
      http.get('/api/documentos/9/verificar', () => HttpResponse.json({ integro: true, sha256: 'b2'.repeat(32), calculado: 'b2'.repeat(32) })),
    );
    const { user } = renderWithProviders(<ContractCard solicitudId={4} aprobada />);
    expect(await screen.findByText(/^Firmado el .* por Marta García en persona ante Ana\.$/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar para firmar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Anular' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verificar integridad' }));
    expect(await screen.findByText('Íntegro')).toBeInTheDocument();
    expect(screen.getByText('b2'.repeat(32))).toBeInTheDocument();
  });

  it('annuls only after confirming', async () => {
    let annulled = 0;
    server.use(
      http.get('/api/documentos', () =>
        HttpResponse.json({ items: [doc({ estado: 'enviado', enlace: { venceEn: '2026-12-08T09:00:00.000Z', caducado: false } })] }),
      ),
      http.get('/api/solicitudes-adopcion/4/cuota', () => HttpResponse.json(fee)),
      http.post('/api/documentos/9/anular', () => {
        annulled += 1;
        return HttpResponse.json({});
      }),
    );
    const { user } = renderWithProviders(<ContractCard solicitudId={4} aprobada />);
    expect(await screen.findByText(/^Enviado para firmar \(vence el .*\)\.$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Anular' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Anular el contrato?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(annulled).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Anular' }));
    await user.click(within(await screen.findByRole('dialog', { name: '¿Anular el contrato?' })).getByRole('button', { name: 'Anular contrato' }));
    await waitFor(() => expect(annulled).toBe(1));
  });

  it('signs in person on the tablet with the same fields as the public page, without a code', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('/api/documentos', () => HttpResponse.json({ items: [doc()] })),
      http.get('/api/solicitudes-adopcion/4/cuota', () => HttpResponse.json(fee)),
      http.post('/api/documentos/9/firmar', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ estado: 'firmado', sha256: 'c3'.repeat(32) });
      }),
    );
    const { user } = renderWithProviders(<ContractCard solicitudId={4} aprobada />);
    await user.click(await screen.findByRole('button', { name: 'Firmar aquí' }));
    const dialog = await screen.findByRole('dialog', { name: 'Firma en persona' });
    expect(within(dialog).getByRole('link', { name: 'Abrir el contrato (PDF)' })).toHaveAttribute('href', '/api/documentos/9/pdf');
    expect(within(dialog).queryByLabelText(/Código/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Firmar' }));
    expect(within(dialog).getByText('Escribe tu nombre completo.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(within(dialog).getByLabelText('Nombre completo'), 'Marta García');
    await user.click(within(dialog).getByRole('button', { name: 'Usar mi nombre como firma' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'He leído y acepto el contrato' }));
    await user.click(within(dialog).getByRole('button', { name: 'Firmar' }));
    await waitFor(() => expect(sent).toEqual([{ nombreCompleto: 'Marta García', firma: FAKE_PNG, acepta: true }]));
  });

  it('shows nothing on a request that is not approved and has no contract', async () => {
    let asked = 0;
    server.use(
      http.get('/api/documentos', () => {
        asked += 1;
        return HttpResponse.json({ items: [] });
      }),
    );
    renderWithProviders(<ContractCard solicitudId={4} aprobada={false} />);
    await waitFor(() => expect(asked).toBe(1));
    expect(screen.queryByRole('heading', { name: 'Contrato de adopción' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Preparar contrato' })).not.toBeInTheDocument();
  });
});
