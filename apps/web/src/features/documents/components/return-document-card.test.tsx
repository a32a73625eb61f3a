import { screen, waitFor, within } from '@testing-library/react';
import type { DocumentDto } from '@refugio/contracts';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAKE_PNG, fakeCanvas } from '../../../firmar/fake-canvas';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { ReturnDocumentCard } from './return-document-card';

const acta = (over: Partial<DocumentDto> = {}): DocumentDto => ({
  id: 31,
  tipo: 'acta_devolucion',
  estado: 'borrador',
  sha256: 'c3'.repeat(32),
  creadoEn: '2026-11-24T09:00:00.000Z',
  firmadoEn: null,
  firmante: null,
  solicitudId: null,
  movimientoId: 12,
  cesionId: null,
  mascota: { id: 2, nombre: 'Tango' },
  persona: { id: 3, nombre: 'Andrés Gil' },
  enlace: null,
  firmado: null,
  ...over,
});

beforeEach(() => fakeCanvas());
afterEach(() => vi.restoreAllMocks());

describe('the acta of a return', () => {
  it('shows nothing on a movement that is not a return with a person', () => {
    const { container } = renderWithProviders(
      <>
        <ReturnDocumentCard petId={2} movimientoId={11} tipo="adopcion" conPersona />
        <ReturnDocumentCard petId={2} movimientoId={12} tipo="devolucion" conPersona={false} />
      </>,
    );
    expect(container.querySelector('section')).toBeNull();
  });

  it('prepares the acta of a return, then offers the contract card: PDF, send, sign here, annul, verify', async () => {
    let items: DocumentDto[] = [];
    let prepared = 0;
    server.use(
      http.get('/api/documentos', ({ request }) => {
        expect(new URL(request.url).searchParams.get('movimientoId')).toBe('12');
        return HttpResponse.json({ items });
      }),
      http.post('/api/mascotas/2/movimientos/12/acta', () => {
        prepared += 1;
        items = [acta()];
        return HttpResponse.json({ documentoId: 31 }, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<ReturnDocumentCard petId={2} movimientoId={12} tipo="devolucion" conPersona />);
    expect(await screen.findByRole('heading', { name: 'Acta de devolución' })).toBeInTheDocument();
    expect(await screen.findByText(/Todavía no hay acta/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preparar acta' }));
    expect(await screen.findByText('Preparado: todavía no se ha enviado para firmar.')).toBeInTheDocument();
    expect(prepared).toBe(1);
    expect(screen.getByRole('link', { name: 'Ver PDF' })).toHaveAttribute('href', '/api/documentos/31/pdf');
    for (const name of ['Enviar para firmar', 'Firmar aquí', 'Verificar integridad', 'Anular'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();

    // Preparing again replaces the live acta: only after confirming.
    await user.click(screen.getByRole('button', { name: 'Preparar de nuevo' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Preparar el acta de nuevo?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(prepared).toBe(1);
  });

  it('signs the acta in person with the acta named in the acceptance', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('/api/documentos', () => HttpResponse.json({ items: [acta()] })),
      http.post('/api/documentos/31/firmar', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ estado: 'firmado', sha256: 'd4'.repeat(32) });
      }),
    );
    const { user } = renderWithProviders(<ReturnDocumentCard petId={2} movimientoId={12} tipo="devolucion" conPersona />);
    await user.click(await screen.findByRole('button', { name: 'Firmar aquí' }));
    const dialog = await screen.findByRole('dialog', { name: 'Firma en persona' });
    expect(within(dialog).getByText(/La persona que devuelve el animal lee el acta/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Nombre completo'), 'Andrés Gil Peña');
    await user.click(within(dialog).getByRole('button', { name: /nombre como firma/i }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'He leído y acepto el acta' }));
    await user.click(within(dialog).getByRole('button', { name: 'Firmar' }));
    await waitFor(() => expect(sent).toEqual([{ nombreCompleto: 'Andrés Gil Peña', firma: FAKE_PNG, acepta: true }]));
  });
});
