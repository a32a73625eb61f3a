import type { PersonRef, PetListItem } from '@refugio/contracts';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { PetSelect } from './pet-select';

const lola: PetListItem = {
  id: 12,
  nombre: 'Lola',
  edad: '3 años',
  tipo: 'Perro',
  genero: 'hembra',
  tamano: 'mediano',
  adoptado: '0',
  discapacidad: '0',
  tags: '[]',
  estado: 'publicada',
  publicarEn: null,
  thumbnailUrl: null,
  version: 1,
  updatedAt: '2026-11-01T10:00:00.000Z',
  deletedAt: null,
  solicitudesAbiertas: 0,
  campos: {},
};

function Picker({ onPick }: { onPick: (pet: PersonRef | null) => void }) {
  const [pet, setPet] = useState<PersonRef | null>(null);
  return (
    <PetSelect
      label="Mascota apadrinada"
      value={pet}
      onChange={(p) => {
        setPet(p);
        onPick(p);
      }}
      required
    />
  );
}

/** The listbox as a browser shows it: Mantine hides an empty dropdown with `data-hidden` (display: none in its CSS, which happy-dom does not load). */
function shownListbox(): HTMLElement | null {
  const box = screen.queryByRole('listbox');
  return box && !box.closest('[data-hidden]') ? box : null;
}

describe('PetSelect: the sponsored pet is chosen from the pet list', () => {
  it('searches `GET /phpApi/mascotas` by name and picks the pet; no empty listbox when nothing matches', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('/phpApi/mascotas', ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(query);
        const items = 'lola'.startsWith((query.get('q') ?? '').toLowerCase()) ? [lola] : [];
        return HttpResponse.json({ items, total: items.length, totalExact: true, page: 1, pageSize: 10 });
      }),
    );
    let picked: PersonRef | null = null;
    const { user } = renderWithProviders(<Picker onPick={(p) => (picked = p)} />);
    const input = screen.getByLabelText(/^Mascota apadrinada/, { selector: 'input' });
    await user.click(input);
    // Before anything is typed: the hint is said beside the field, never as an empty listbox.
    expect(screen.getByText('Escribe el nombre de la mascota')).toBeInTheDocument();
    expect(shownListbox()).toBeNull();

    await user.type(input, 'zz');
    expect(await screen.findByText('Ninguna mascota con ese nombre')).toBeInTheDocument();
    expect(shownListbox()).toBeNull();

    await user.clear(input);
    await user.type(input, 'Lo');
    await user.click(await screen.findByRole('option', { name: 'Lola' }));
    expect(picked).toEqual({ id: 12, nombre: 'Lola' });
    await waitFor(() => expect(asked.some((q) => q.get('q') === 'Lo')).toBe(true));
    expect(asked.find((q) => q.get('q') === 'Lo')?.get('sort')).toBe('nombre');
  });
});
