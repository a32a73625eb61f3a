import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { ImageShrinkOffer } from './image-shrink';

// Canvas and createImageBitmap are the browser's (the journey e2e/photo-shrink.spec.ts runs the real thing).
const shrinkImage = vi.hoisted(() => vi.fn());
vi.mock('../../lib/shrink-image', () => ({ shrinkImage }));

const big = new File([new Uint8Array(3_000_000)], 'camara.jpg', { type: 'image/jpeg' });

describe('ImageShrinkOffer', { timeout: 20_000 }, () => {
  it('reduces on request, shows the preview and the weights, and hands over the reduced copy', async () => {
    const small = new File([new Uint8Array(120_000)], 'camara.jpg', { type: 'image/jpeg' });
    shrinkImage.mockResolvedValueOnce({ file: small, width: 1280, height: 960 });
    const onUse = vi.fn();
    const { user } = renderWithProviders(<ImageShrinkOffer file={big} maxBytes={150_000} onUse={onUse} />);
    expect(screen.getByText('Podemos reducirla aquí mismo, en tu dispositivo, para que pese menos de 150 KB.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reducir la foto' }));
    expect(await screen.findByRole('img', { name: 'Vista previa de camara.jpg reducida' })).toBeInTheDocument();
    expect(screen.getByText('Foto reducida: de 3 MB a 120 KB (1280 × 960 px).')).toBeInTheDocument();
    expect(shrinkImage).toHaveBeenCalledWith(big, 150_000);

    await user.click(screen.getByRole('button', { name: 'Usar la foto reducida' }));
    expect(onUse).toHaveBeenCalledWith(small);
  });

  it('says so when the browser cannot reduce the photo', async () => {
    shrinkImage.mockRejectedValueOnce(new Error('no decoder'));
    const { user } = renderWithProviders(<ImageShrinkOffer file={big} maxBytes={150_000} onUse={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Reducir la foto' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'No se pudo reducir esta foto en el navegador. Prueba con otra foto o redúcela antes en tu teléfono.',
      ),
    );
  });
});
