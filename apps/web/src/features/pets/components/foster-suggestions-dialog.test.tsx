import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { FosterSuggestionsDialog } from './foster-suggestions-dialog';

const home = (id: number, nombre: string, libres: number, motivos: string) => ({
  persona: { id, nombre },
  capacidad: 3,
  ocupadas: 3 - libres,
  mascotas: [],
  ultimaNovedad: null,
  disponibleHoy: true,
  libres,
  ultimaAcogida: null,
  motivos,
});

describe('"Busco acogida"', () => {
  it('lists the homes best first with their reasons; the message carries the pet and its public page; "Colocar aquí" hands the home over', async () => {
    server.use(
      http.get('/api/mascotas/9/acogidas-sugeridas', () =>
        HttpResponse.json({
          items: [home(1, 'Ana Ruiz', 2, 'Acepta perros grandes; 2 plazas libres.'), home(2, 'Luis Gil', 1, 'Acepta perros; 1 plaza libre.')],
        }),
      ),
    );
    const onPlace = vi.fn();
    const { user } = renderWithProviders(
      <FosterSuggestionsDialog petId={9} petName="Luna" publicUrl="https://refugio.example/adopta/9" onClose={() => {}} onPlace={onPlace} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Busco acogida para Luna' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('link').textContent)).toEqual(['Ana Ruiz', 'Luis Gil']);
    expect(items[0]).toHaveTextContent('Acepta perros grandes; 2 plazas libres.');

    await user.click(within(items[1]!).getByRole('button', { name: 'Enviar mensaje a Luis Gil' }));
    const message = await screen.findByRole('dialog', { name: 'Escribir a Luis Gil' });
    expect(within(message).getByRole('textbox', { name: /Asunto/ })).toHaveValue('¿Puedes acoger a Luna?');
    expect(within(message).getByRole<HTMLTextAreaElement>('textbox', { name: /Texto/ }).value).toContain('https://refugio.example/adopta/9');
    await user.click(within(message).getByRole('button', { name: 'Cancelar' }));

    await user.click(await screen.findByRole('button', { name: 'Colocar aquí, en casa de Ana Ruiz' }));
    expect(onPlace).toHaveBeenCalledWith({ id: 1, nombre: 'Ana Ruiz' });
  });

  it('says so when no home has room for the pet', async () => {
    server.use(http.get('/api/mascotas/9/acogidas-sugeridas', () => HttpResponse.json({ items: [] })));
    renderWithProviders(<FosterSuggestionsDialog petId={9} petName="Luna" publicUrl={null} onClose={() => {}} onPlace={() => {}} />);
    expect(await screen.findByText('Ninguna casa de acogida tiene plaza hoy para Luna con sus preferencias.')).toBeInTheDocument();
  });
});
