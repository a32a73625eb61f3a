import type { InspectionPet, InspectionView, RegisterBookLine } from '@refugio/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '../testing/server';
import { InspeccionApp } from './inspeccion-app';

const line = (over: Partial<RegisterBookLine>): RegisterBookLine => ({
  anio: 2026,
  numero: 1,
  mascotaId: 7,
  fechaEntrada: '2026-02-03',
  procedencia: 'abandono',
  procedenciaDetalle: '',
  especie: 'Perro',
  raza: 'Mestizo',
  sexo: 'hembra',
  color: 'Canela',
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
const view: InspectionView = {
  nombre: 'Ana Inspectora',
  organismo: 'Sanidad Animal',
  venceEn: '2030-01-10T23:00:00.000Z',
  hasta: '2030-01-10',
  organizacion: { nombre: 'Refugio Patitas', nucleoZoologico: 'NZ-123', registroEntidades: null },
  libro: [
    line({
      anio: 2025,
      numero: 4,
      mascotaId: 9,
      microchip: '900000000000001',
      especie: 'Gato',
      fechaSalida: '2025-06-01',
      destino: 'adopcion',
      destinatario: { nombre: 'Berta Gil', nif: '12345678Z', direccion: 'Calle Mayor 1' },
    }),
    line({}),
  ],
};
const luna: InspectionPet = {
  mascota: {
    id: 7,
    nombre: 'Luna',
    especie: 'Perro',
    raza: 'Mestizo',
    sexo: 'hembra',
    color: 'Canela',
    microchip: '941000024681357',
    fechaNacimiento: '2024-01-01',
    fechaNacimientoAprox: true,
    esterilizado: 'si',
    fechaEsterilizacion: null,
  },
  lineas: [view.libro[1]!],
  cuidados: [
    {
      id: 1,
      tipo: 'vacuna',
      nombre: 'Rabia',
      fechaProgramada: null,
      fechaRealizada: '2026-02-10',
      dosis: '',
      lote: 'L-77',
      veterinario: 'Dra. Gil',
      resultado: '',
      pesoKg: null,
    },
  ],
  movimientos: [{ id: 1, tipo: 'ingreso', fecha: '2026-02-03', procedencia: 'abandono', procedenciaDetalle: '', motivo: '', veterinario: '' }],
};

afterEach(() => window.history.replaceState(null, '', '/'));

describe("InspeccionApp: the inspector's book on a phone", { timeout: 20_000 }, () => {
  it('filters the book by year and by chip or number, and opens an animal with its care and movements', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/inspeccion/:token', () => HttpResponse.json(view)),
      http.get('/api/inspeccion/:token/mascotas/:id', ({ params }) => {
        asked.push(String(params.id));
        return HttpResponse.json(luna);
      }),
    );
    const user = userEvent.setup();
    render(<InspeccionApp token="abc" />);
    expect(await screen.findByRole('heading', { name: 'Libro de registro', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/válido hasta el 10 de enero de 2030 \(incluido\)\./)).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Refugio Patitas');
    expect(screen.getByText(/Ana Inspectora \(Sanidad Animal\)/)).toHaveTextContent('Núcleo zoológico n.º NZ-123');
    const list = () => screen.getByRole('list', { name: 'Líneas del libro' });
    expect(within(list()).getAllByRole('button')).toHaveLength(2);

    await user.selectOptions(screen.getByLabelText('Año'), '2025');
    expect(
      within(list())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([expect.stringContaining('N.º 4/2025')]);
    await user.selectOptions(screen.getByLabelText('Año'), '');
    await user.type(screen.getByLabelText('Buscar por microchip o número de línea'), '2468');
    expect(
      within(list())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([expect.stringContaining('N.º 1/2026')]);
    expect(screen.getByRole('status')).toHaveTextContent('1 línea');

    const audit = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(audit.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);

    await user.click(within(list()).getByRole('button', { name: /N\.º 1\/2026/ }));
    expect(await screen.findByRole('heading', { name: 'Luna', level: 1 })).toHaveFocus();
    expect(asked).toEqual(['7']);
    expect(window.location.search).toBe('?mascota=7');
    expect(screen.getByRole('region', { name: 'Identificación' })).toHaveTextContent('Microchip941000024681357');
    // Words of the page, not the stored ones ('hembra', 'si'): issue 47.5.
    expect(screen.getByRole('region', { name: 'Identificación' })).toHaveTextContent('SexoHembra');
    expect(screen.getByRole('region', { name: 'Identificación' })).toHaveTextContent('EsterilizadoSí');
    expect(screen.getByRole('region', { name: 'Registro sanitario' })).toHaveTextContent('10/02/2026 Vacuna: Rabia; lote L-77; veterinario Dra. Gil');
    expect(screen.getByRole('region', { name: 'Movimientos' })).toHaveTextContent('03/02/2026 Ingreso (Abandono)');

    await user.click(screen.getAllByRole('button', { name: 'Volver al libro' })[0]!);
    expect(await screen.findByRole('heading', { name: 'Libro de registro', level: 1 })).toBeInTheDocument();
  });

  it('says the link does not work, in Spanish, for an unknown, expired or revoked token', async () => {
    server.use(http.get('/api/inspeccion/:token', () => HttpResponse.json({ code: 'NOT_FOUND', message: 'x', requestId: 'r' }, { status: 404 })));
    render(<InspeccionApp token="caducado" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(/no existe, ha vencido o ha sido revocado/);
    expect(screen.getByRole('heading', { name: 'Enlace no disponible' })).toBeInTheDocument();
  });
});
