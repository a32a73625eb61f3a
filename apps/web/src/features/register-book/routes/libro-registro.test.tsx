import type { RegisterBookLine, RegisterBookResponse } from '@refugio/contracts';
import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { Component as LibroRegistroScreen } from './libro-registro';

const line = (over: Partial<RegisterBookLine>): RegisterBookLine => ({
  anio: 2025,
  numero: 1,
  mascotaId: 1,
  fechaEntrada: '2025-01-02',
  procedencia: 'abandono',
  procedenciaDetalle: '',
  especie: 'Perro',
  raza: 'Mestizo',
  sexo: 'macho',
  color: 'Negro',
  microchip: '941000024681357',
  fechaNacimiento: null,
  fechaSalida: null,
  destino: null,
  destinatario: null,
  causaMuerte: null,
  vacunas: '',
  tratamientos: '',
  veterinario: '',
  cerrada: false,
  hash: null,
  rectifica: null,
  cadena: null,
  hashAnterior: null,
  ...over,
});

const book = (anio: number, lineas: RegisterBookLine[]): RegisterBookResponse => ({
  anio,
  organizacion: { nombre: 'Refugio', nucleoZoologico: 'ES1', registroEntidades: '28/1' },
  lineas,
  completo: true,
});

describe('Libro de registro', { timeout: 30_000 }, () => {
  it('shows the year, filters its lines, and tells plainly whether the book is intact', async () => {
    const asked: string[] = [];
    let intact = true;
    server.use(
      http.get('/api/libro-registro', ({ request }) => {
        const anio = Number(new URL(request.url).searchParams.get('anio'));
        asked.push(`libro ${anio}`);
        return HttpResponse.json(
          anio === 2025
            ? book(2025, [
                line({}),
                line({
                  numero: 2,
                  mascotaId: 2,
                  especie: 'Gato',
                  sexo: 'hembra',
                  cerrada: true,
                  hash: 'a'.repeat(64),
                  fechaSalida: '2025-03-01',
                  destino: 'adopcion',
                  destinatario: { nombre: 'Ana Ruiz', nif: '12345678Z', direccion: 'Calle Mayor 1' },
                  procedencia: null,
                }),
              ])
            : book(anio, []),
        );
      }),
      http.get('/api/libro-registro/verificar', ({ request }) => {
        asked.push(`verificar ${new URL(request.url).searchParams.get('anio')}`);
        return HttpResponse.json(intact ? { integro: true, lineas: 1 } : { integro: false, lineas: 1, primeraRota: 2 });
      }),
    );
    const { user, router } = renderWithProviders(<p>Inicio</p>, { routes: [{ path: '/libro-registro', element: <LibroRegistroScreen /> }] });
    await router.navigate('/libro-registro?anio=2025');
    expect(await screen.findByRole('heading', { name: 'Libro de registro', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('2 líneas')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Líneas del libro de registro' });
    expect(within(table).getByText('Ana Ruiz, 12345678Z, Calle Mayor 1')).toBeInTheDocument();
    expect(within(table).getByText('Adopción')).toBeInTheDocument();
    expect(within(table).getByText('Cerrada')).toBeInTheDocument();

    const audit = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(audit.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);

    // Filters: closed lines only, then origin "sin indicar" with species "Perro" leaves none.
    await user.click(screen.getByRole('combobox', { name: 'Estado' }));
    await user.click(await screen.findByRole('option', { name: 'Cerradas' }));
    expect(await screen.findByText('1 línea')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Especie' }));
    await user.click(await screen.findByRole('option', { name: 'Perro' }));
    expect(await screen.findByText('Ninguna línea coincide con estos filtros.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('El libro de 2025 está íntegro')).toBeInTheDocument();
    expect(screen.getByText(/1 línea cerrada comprobada/)).toBeInTheDocument();
    intact = false;
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El libro de 2025 no está íntegro');
    expect(screen.getByRole('alert')).toHaveTextContent('La línea nº 2 no coincide');

    // Another year: its own (empty) book, the address keeps it.
    await user.click(screen.getByRole('combobox', { name: 'Año' }));
    await user.click(await screen.findByRole('option', { name: '2024' }));
    expect(await screen.findByText('No hay líneas en el libro de 2024.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?anio=2024');
    expect(asked).toEqual(['libro 2025', 'verificar 2025', 'verificar 2025', 'libro 2024']);
  });
});
