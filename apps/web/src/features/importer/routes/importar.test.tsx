import { screen, waitFor, within } from '@testing-library/react';
import type { CustomField, ImportDryRun, ImportStatus, ImportUpload } from '@refugio/contracts';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { customField } from '../../../testing/custom-field-fixture';
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
  campos: ['id', 'codigo', 'nombre', 'tipo', 'genero', 'microchip', 'personalidad', 'campo.peso_llegada'],
  camposPropios: [{ campo: 'campo.peso_llegada', etiqueta: 'Peso al llegar', tipo: 'numero' }],
};
const sessionOf = (role: string) =>
  http.get('/api/auth/get-session', () =>
    HttpResponse.json({
      session: { id: 's', expiresAt: '2099-01-01T00:00:00.000Z' },
      user: { id: 'u', email: 'a@refugio.test', name: 'Ana', lastname: 'Admin', role },
    }),
  );
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
      sessionOf('Administrador'),
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

  it('turns a column mapped to nothing into a new own field in one step, and maps the column to it', async () => {
    const sheet: ImportUpload = {
      ...upload,
      columnas: ['Nombre', 'Especie', 'Test de leishmanía', 'Apodo'],
      muestra: [
        { Nombre: 'Toña', Especie: 'Perra', 'Test de leishmanía': 'Negativo', Apodo: '' },
        { Nombre: 'Ñoño', Especie: 'Perro', 'Test de leishmanía': 'Positivo', Apodo: '' },
        { Nombre: 'Lúa', Especie: 'Perro', 'Test de leishmanía': 'negativo', Apodo: '' },
      ],
      mapeoSugerido: { Nombre: 'nombre', Especie: 'tipo', 'Test de leishmanía': '', Apodo: '' },
    };
    let created: unknown = null;
    let mapping: unknown = null;
    server.use(
      sessionOf('Coordinación'),
      http.post('/api/importaciones', () => HttpResponse.json(sheet)),
      http.post('/api/campos', async ({ request }) => {
        created = await request.json();
        const body = created as Pick<CustomField, 'clave' | 'etiqueta' | 'tipo' | 'opciones'>;
        return HttpResponse.json(customField(7, { clave: body.clave, etiqueta: body.etiqueta, tipo: body.tipo, opciones: body.opciones }), {
          status: 201,
        });
      }),
      http.put(`/api/importaciones/${ID}/mapeo`, async ({ request }) => {
        mapping = await request.json();
        return HttpResponse.json({ ...dryRun, errores: [] });
      }),
    );
    const { user } = renderWithProviders(<Importar />);
    await user.upload(fileInput(), new File(['Nombre;Especie\n'], 'mascotas.csv', { type: 'text/csv' }));
    await screen.findByRole('table', { name: /Columnas del archivo/ });

    // The own fields already defined are targets; only the columns mapped to nothing offer the action.
    await user.click(screen.getByLabelText('Dato para la columna «Apodo»', { selector: 'input' }));
    expect(await screen.findByRole('option', { name: 'Peso al llegar' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Crear un campo con esta columna: «Test de leishmanía»' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Crear un campo con esta columna: «Nombre»' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Crear un campo con esta columna: «Test de leishmanía»' }));

    const dialog = await screen.findByRole('dialog', { name: 'Crear un campo con esta columna' });
    expect(within(dialog).getByLabelText(/Nombre del campo/)).toHaveValue('Test de leishmanía');
    expect(within(dialog).getByLabelText(/^Clave/)).toHaveValue('test_de_leishmania');
    expect(within(dialog).getByLabelText(/^Tipo/, { selector: 'input' })).toHaveValue('Una opción de una lista');
    expect(within(dialog).getByLabelText(/^Opciones/)).toHaveValue('Negativo\nPositivo');
    await user.clear(within(dialog).getByLabelText(/^Clave/));
    await user.type(within(dialog).getByLabelText(/^Clave/), 'test_leishmania');
    await user.click(within(dialog).getByRole('button', { name: 'Crear y asignar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(created).toMatchObject({
      entidad: 'mascota',
      clave: 'test_leishmania',
      etiqueta: 'Test de leishmanía',
      tipo: 'opcion',
      opciones: ['Negativo', 'Positivo'],
    });
    expect(screen.getByLabelText('Dato para la columna «Test de leishmanía»', { selector: 'input' })).toHaveValue('Test de leishmanía');
    expect(screen.queryByRole('button', { name: 'Crear un campo con esta columna: «Test de leishmanía»' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Probar sin guardar' }));
    await waitFor(() =>
      expect(mapping).toEqual({ mapeo: { Nombre: 'nombre', Especie: 'tipo', 'Test de leishmanía': 'campo.test_leishmania', Apodo: '' } }),
    );
  });

  it.each([
    ['a role that does not define own fields', 'Equipo', upload],
    ['care, which has no own fields', 'Administrador', { ...upload, tipo: 'cuidados', campos: ['microchip', 'cuidado', 'fecha'], camposPropios: [] }],
  ] as const)('offers no new field to %s', async (_case, role, answer) => {
    server.use(
      sessionOf(role),
      http.post('/api/importaciones', () => HttpResponse.json(answer)),
    );
    const { user } = renderWithProviders(<Importar />);
    await user.upload(fileInput(), new File(['Nombre;Especie\n'], 'mascotas.csv', { type: 'text/csv' }));
    await screen.findByRole('table', { name: /Columnas del archivo/ });
    expect(screen.getByLabelText('Dato para la columna «Apodo»', { selector: 'input' })).toHaveValue('No importar');
    expect(screen.queryByRole('button', { name: /Crear un campo con esta columna/ })).not.toBeInTheDocument();
  });

  it('says in Spanish why a file cannot be read', async () => {
    server.use(
      sessionOf('Administrador'),
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
