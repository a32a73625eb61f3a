import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { WhatsappDialog } from './whatsapp-dialog';

/* The greeting uses the first name as the person gave it, whole: "María José", never only "María" (issue 33, section 5). */

const props = { opened: true, pending: false, error: null, onSend: vi.fn(), onClose: vi.fn() };

describe('WhatsappDialog', () => {
  it('greets a compound first name whole', async () => {
    renderWithProviders(<WhatsappDialog {...props} recipient="María José Gómez Pérez" greeting="María José" />);
    expect(await screen.findByRole('textbox', { name: 'Mensaje' })).toHaveValue('Hola, María José: ');
  });

  it('without a first name apart, greets the name it has, whole', async () => {
    renderWithProviders(<WhatsappDialog {...props} recipient="Ana Belén" />);
    expect(await screen.findByRole('textbox', { name: 'Mensaje' })).toHaveValue('Hola, Ana Belén: ');
  });
});
