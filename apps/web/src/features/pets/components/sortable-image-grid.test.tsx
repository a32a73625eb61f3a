import { notifications } from '@mantine/notifications';
import { petMediaMessages, type PetImage } from '@refugio/contracts';
import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { usePetImages } from '../api/get-pet-images';
import { SortableImageGrid } from './sortable-image-grid';

const image = (id: number, orden: number): PetImage => ({
  id,
  nombre: `g${id}.jpg`,
  orden,
  width: 10,
  height: 10,
  bytes: 100,
  url: `/media/g${id}.jpg`,
  thumbnailUrl: `/media/thumbs/g${id}.webp`,
});

/** The gallery as a screen holds it: read from the server, in its saved order. */
function Gallery() {
  const images = usePetImages(7);
  return images.data ? <SortableImageGrid petId={7} images={images.data} /> : null;
}

/** The thumbnails' files, in the order they show. */
const shownOrder = () => screen.getAllByRole('img').map((img) => img.getAttribute('src'));

describe('SortableImageGrid', { timeout: 20_000 }, () => {
  let stored: PetImage[];
  beforeEach(() => {
    notifications.clean();
    stored = [image(11, 1), image(12, 2), image(13, 3)];
    server.use(http.get('/phpApi/mascota/7/imagenes', () => HttpResponse.json(stored)));
  });

  it('moves an image with the arrow buttons and saves the new order', async () => {
    let sent: unknown;
    server.use(
      http.post('/phpApi/mascota/7/imagenes/orden', async ({ request }) => {
        sent = await request.json();
        const { ids } = sent as { ids: number[] };
        stored = ids.map((id, i) => image(id, i + 1));
        return HttpResponse.json(stored);
      }),
    );
    const { user } = renderWithProviders(<Gallery />);
    await screen.findAllByRole('img');
    await user.click(screen.getByRole('button', { name: 'Mover la imagen 1 después' }));
    expect(shownOrder()).toEqual(['/media/thumbs/g12.webp', '/media/thumbs/g11.webp', '/media/thumbs/g13.webp']);
    await waitFor(() => expect(sent).toEqual({ ids: [12, 11, 13] }));
    // Each handle is named for people and tells a screen reader how to move it with the keyboard.
    const handle = screen.getByRole('button', { name: petMediaMessages.dragHandle(1) });
    expect(handle).toHaveAttribute('aria-roledescription', petMediaMessages.dndRoleDescription);
    expect(document.getElementById(handle.getAttribute('aria-describedby') ?? '')).toHaveTextContent(petMediaMessages.dndInstructions);
  });

  it('puts the previous order back, with a Spanish message, when the server refuses the new one', async () => {
    server.use(
      http.post('/phpApi/mascota/7/imagenes/orden', async () => {
        await delay(50);
        return HttpResponse.json(
          { code: 'VALIDATION_ERROR', message: 'El orden debe incluir cada imagen de la mascota exactamente una vez.', requestId: 'r1' },
          { status: 400 },
        );
      }),
    );
    const { user } = renderWithProviders(<Gallery />);
    await screen.findAllByRole('img');
    await user.click(screen.getByRole('button', { name: 'Mover la imagen 3 antes' }));
    expect(shownOrder()).toEqual(['/media/thumbs/g11.webp', '/media/thumbs/g13.webp', '/media/thumbs/g12.webp']);
    expect(await screen.findByText(petMediaMessages.reorderErrorTitle)).toBeInTheDocument();
    expect(screen.getByText(/Las imágenes vuelven a su orden anterior\./)).toBeInTheDocument();
    await waitFor(() => expect(shownOrder()).toEqual(['/media/thumbs/g11.webp', '/media/thumbs/g12.webp', '/media/thumbs/g13.webp']));
  });
});
