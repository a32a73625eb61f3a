import type { RegistrationLink } from '@refugio/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { LinkCard } from './link-card';

// The QR code's drawing, replaced by one that shows what it encodes.
vi.mock('qrcode', () => ({ toString: (text: string) => Promise.resolve(`<svg><text>${text}</text></svg>`) }));

const link: RegistrationLink = {
  id: 'tok123',
  url: 'https://refugio.example/registro-mascota/tok123',
  urlMovil: 'https://refugio.example/registro-mascota-mobile?enlace=tok123',
  paqueteId: 1,
  paqueteNombre: 'Básico',
  destinatario: 'Ana Rescates',
  personaId: null,
  email: '',
  telefono: '',
  nota: '',
  cupo: 3,
  usados: 1,
  restantes: 2,
  venceEn: '2026-12-31T10:00:00.000Z',
  revocadoEn: null,
  estado: 'activo',
  createdAt: '2026-11-01T10:00:00.000Z',
};

describe('LinkCard (/enlaces-admin)', () => {
  it('gives staff both addresses to copy, and the QR code opens the phone form', async () => {
    const { user } = renderWithProviders(<LinkCard link={link} />);
    expect(screen.getByLabelText('Dirección del enlace')).toHaveTextContent(link.url);
    expect(screen.getByLabelText('Dirección del enlace para teléfonos')).toHaveTextContent(link.urlMovil);
    expect(screen.getByRole('button', { name: 'Copiar enlace' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copiar enlace para teléfonos' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Código QR' }));
    const qr = await screen.findByRole('img', { name: 'Código QR del enlace para teléfonos de Ana Rescates' });
    expect(decodeURIComponent(qr.getAttribute('src') ?? '')).toContain(`<text>${link.urlMovil}</text>`);
    expect(screen.getByText('Escanéalo con el teléfono para abrir el formulario para teléfonos.')).toBeInTheDocument();
  });
});
