import type { Surrender, SurrenderList } from '@refugio/contracts';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { Component as CesionesScreen } from './cesiones';

const base: Surrender = {
  id: 1,
  estado: 'nueva',
  nombre: 'Marta',
  email: 'marta@example.org',
  telefono: '',
  documento: '12345678Z',
  documentoPersona: null,
  nombreAnimal: 'Toby',
  especie: 'Perro',
  sexo: 'macho',
  edad: '3 años',
  microchip: '',
  motivo: 'Mudanza',
  urgencia: 'alta',
  fotos: [],
  notas: '',
  motivoDecision: '',
  personaId: null,
  mascotaId: null,
  documentoId: null,
  organizacionSinNif: false,
  version: 1,
  createdAt: '2026-03-04T10:00:00.000Z',
  updatedAt: '2026-03-04T10:00:00.000Z',
};

describe('Cesiones', { timeout: 20_000 }, () => {
  it('lists the requests in the order the server gives, with the pets in the shelter per species', async () => {
    const list: SurrenderList = {
      items: [base, { ...base, id: 2, nombreAnimal: 'Misi', especie: 'Gato', urgencia: 'baja', estado: 'lista_espera' }],
      capacidad: [
        { especie: 'Gato', enRefugio: 4, capacidad: null },
        { especie: 'Perro', enRefugio: 12, capacidad: null },
      ],
    };
    server.use(http.get('/api/cesiones', () => HttpResponse.json(list)));
    renderWithProviders(<CesionesScreen />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cesiones' })).toBeInTheDocument();
    const capacity = (await screen.findByRole('heading', { name: 'En el refugio ahora' })).closest('section')!;
    expect(within(capacity).getByText('12')).toBeInTheDocument();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual(['Toby', 'Misi']);
    expect(within(rows[0]!).getByText('Alta')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('En lista de espera')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Toby' })).toHaveAttribute('href', '/cesiones/1');
  });

  it('reads each species against its places: «N de M», and «Completo» when there are none left', async () => {
    const list: SurrenderList = {
      items: [base],
      capacidad: [
        { especie: 'Perro', enRefugio: 20, capacidad: 20 },
        { especie: 'Gato', enRefugio: 4, capacidad: 10 },
        { especie: 'Conejo', enRefugio: 2, capacidad: null },
      ],
    };
    server.use(http.get('/api/cesiones', () => HttpResponse.json(list)));
    renderWithProviders(<CesionesScreen />);
    const capacity = (await screen.findByRole('heading', { name: 'En el refugio ahora' })).closest('section')!;
    const cards = within(capacity).getAllByRole('listitem');
    expect(cards.map((c) => c.textContent)).toEqual(['Perro20 de 20Completo', 'Gato4 de 10Quedan 6 plazas', 'Conejo2Sin plazas escritas']);
  });
});
