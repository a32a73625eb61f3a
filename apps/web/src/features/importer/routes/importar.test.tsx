import { screen, within } from '@testing-library/react';
import type { ImportDryRun, ImportStatus, ImportUpload } from '@refugio/contracts';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { Component as Importar } from './importar';

const ID = '4b0f6f4e-1c1e-4a57-9a3e-2f7c1a0d9e11';
const upload: ImportUpload = {
  id: ID,
  archivo: 'mascotas.csv',
  tipo: 'mascotas',
  columnas: ['Nombre', 'Especie', 'Chip', 'Apodo'],
  muestra: [
    { Nombre: 'Toña', Especie: 'Perra', Chip: '941000000012345', Apodo: 'Toñi' },
    { Nombre: 'Ñoño', Especie: 'Perro', Chip: '9,41E+14', Apodo: '' },
  ],
  filas: 2,
  mapeoSugerido: { Nombre: 'nombre', Especie: 'tipo', Chip: 'microchip', Apodo: '' },
  campos: ['id', 'codigo', 'nombre', 'tipo', 'genero', 'microchip', 'personalidad'],
};
const dryRun: ImportDryRun = {
  crear: 1,
  actualizar: 0,
  omitir: 0,
  errores: [{ fila: 3, columna: 'Chip', mensaje: 'El microchip «9,41E+14» está escrito como número en notación científica.' }],
  duplicados: [],
};
const status = (over: Partial<ImportStatus>): ImportStatus => ({
  id: ID,
  archivo: 'mascotas.csv',
  tipo: 'mascotas',
  estado: 'en_curso',
  progreso: 50,
  filas: 2,
  procesadas: 1,
  creados: 1,
  actualizados: 0,
  omitidos: 0,
  errores: [],
  deshechos: 0,
  conservados: 0,
  creadaEn: '2026-11-27T10:00:00.000Z',
  ...over,
});

const fileInput = () =>
  screen.getByRole('button', { name: 'Elegir hoja de cálculo' }).parentElement!.querySelector('input[type="file"]') as HTMLInputElement;

describe('Importar', () => {
  it('uploads, shows the mapping with the first rows, runs the dry run, confirms, follows the progress and undoes', async () => {
    let sentType: string | null = null;
    let mapping: unknown = null;
    let polls = 0;
    let undone = false;
    server.use(
      http.post('/api/importaciones', async ({ request }) => {
        sentType = (await request.formData()).get('tipo') as string;
        return HttpResponse.json(upload);
      }),
      http.put(`/api/importaciones/${ID}/mapeo`, async ({ request }) => {
        mapping = await request.json();
        return HttpResponse.json(dryRun);
      }),
      http.post(`/api/importaciones/${ID}/confirmar`, () => HttpResponse.json(status({ progreso: 0, procesadas: 0, creados: 0 }), { status: 202 })),
      http.get(`/api/importaciones/${ID}`, () => {
        polls++;
        if (undone) return HttpResponse.json(status({ estado: 'deshecha', progreso: 100, procesadas: 2, deshechos: 1 }));
        return HttpResponse.json(polls < 2 ? status({}) : status({ estado: 'terminada', progreso: 100, procesadas: 2, errores: dryRun.errores }));
      }),
      http.post(`/api/importaciones/${ID}/deshacer`, () => {
        undone = true;
        return HttpResponse.json(status({ estado: 'deshecha', progreso: 100, procesadas: 2, deshechos: 1 }));
      }),
    );
    const { user } = renderWithProviders(<Importar />);
    await user.upload(fileInput(), new File(['Nombre;Especie\n'], 'mascotas.csv', { type: 'text/csv' }));

    const table = await screen.findByRole('table', { name: /Columnas del archivo/ });
    expect(sentType).toBe('mascotas');
    expect(within(table).getByRole('rowheader', { name: 'Apodo' })).toBeInTheDocument();
    expect(within(table).getByText('941000000012345 · 9,41E+14')).toBeInTheDocument();
    expect(screen.getByLabelText('Dato para la columna «Nombre»', { selector: 'input' })).toHaveValue('Nombre');
    await user.click(screen.getByLabelText('Dato para la columna «Apodo»', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Personalidad' }));

    await user.click(screen.getByRole('button', { name: 'Probar sin guardar' }));
    const report = await screen.findByRole('table', { name: /Filas con errores/ });
    expect(mapping).toEqual({ mapeo: { Nombre: 'nombre', Especie: 'tipo', Chip: 'microchip', Apodo: 'personalidad' } });
    expect(within(report).getByText(/notación científica/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar filas a corregir (CSV)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Importar 1 fila' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Importar ahora?' });
    await user.click(within(dialog).getByRole('button', { name: 'Importar' }));
    expect(await screen.findByRole('progressbar', { name: /Progreso de la importación/ })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Importación terminada' }, { timeout: 4000 })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Deshacer importación' }));
    const confirmUndo = await screen.findByRole('dialog', { name: '¿Deshacer la importación?' });
    expect(undone).toBe(false);
    await user.click(within(confirmUndo).getByRole('button', { name: 'Deshacer' }));
    expect(await screen.findByRole('heading', { name: 'Importación deshecha' })).toBeInTheDocument();
  });

  it('says in Spanish why a file cannot be read', async () => {
    server.use(
      http.post('/api/importaciones', () =>
        HttpResponse.json(
          {
            code: 'VALIDATION_ERROR',
            message: 'El archivo tiene macros (.xlsm): guárdalo como «Libro de Excel (.xlsx)» o como CSV.',
            fieldErrors: { archivo: 'macros' },
            requestId: 'r1',
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderWithProviders(<Importar />);
    await user.upload(fileInput(), new File(['x'], 'libro.xlsx'));
    expect(await screen.findByRole('alert')).toHaveTextContent('macros');
  });
});
