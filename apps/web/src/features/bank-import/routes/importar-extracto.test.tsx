import { screen, waitFor, within } from '@testing-library/react';
import type { BankImport } from '@refugio/contracts';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { Component as ImportarExtracto } from './importar-extracto';

const ID = '4b0f6f4e-1c1e-4a57-9a3e-2f7c1a0d9e11';
const dryRun: BankImport = {
  id: ID,
  archivo: 'marzo.csv',
  formato: 'csv',
  caducaEn: '2026-03-10T10:00:00.000Z',
  ignorados: 1,
  movimientos: [
    {
      fila: 5,
      fecha: '2026-03-02',
      importe: 50,
      importeCentimos: 5000,
      concepto: 'TRANSFERENCIA DE PEÑA IBÁÑEZ, ANA · DNI 12345678Z',
      coincidencia: { personaId: 1, nombre: 'Ana Peña Ibáñez', motivo: 'nif' },
      estado: 'nuevo',
      propuesta: { concepto: 'donativo', metodo: 'transferencia' },
    },
    {
      fila: 6,
      fecha: '2026-03-03',
      importe: 12.5,
      importeCentimos: 1250,
      concepto: 'TRANSFERENCIA ES91 **** **** **** **** 1332 MARZO',
      coincidencia: { personaId: 2, nombre: 'Pedro Ruiz', motivo: 'iban' },
      estado: 'nuevo',
      propuesta: { concepto: 'cuota', metodo: 'transferencia' },
    },
    {
      fila: 7,
      fecha: '2026-03-04',
      importe: 5,
      importeCentimos: 500,
      concepto: 'BIZUM 699111222',
      estado: 'sin_persona',
      aviso: 'Coincide con más de una persona (Teléfono: Gema; Teléfono: Rosa): elige la persona a mano.',
      propuesta: { concepto: 'donativo', metodo: 'bizum' },
    },
    {
      fila: 8,
      fecha: '2026-03-05',
      importe: 7,
      importeCentimos: 700,
      concepto: 'DNI 12345678Z',
      referencia: 'TRF-777',
      coincidencia: { personaId: 1, nombre: 'Ana Peña Ibáñez', motivo: 'nif' },
      estado: 'duplicado',
      aviso: 'Ya está registrado (misma fecha, importe y referencia).',
      propuesta: { concepto: 'donativo', metodo: 'transferencia' },
    },
  ],
};

const statement = () => new File(['Fecha;Concepto;Importe\n02/03/2026;DNI 12345678Z;50,00\n'], 'marzo.csv', { type: 'text/csv' });
const fileInput = () =>
  screen.getByRole('button', { name: 'Elegir extracto' }).parentElement!.querySelector('input[type="file"]') as HTMLInputElement;

describe('Importar extracto', () => {
  it('uploads, shows the dry run with matches and reasons, filters, lets rows be chosen and confirms with a summary', async () => {
    let uploaded: string | null = null;
    let confirmed: unknown = null;
    server.use(
      http.post('/api/donativos/importar', async ({ request }) => {
        const form = await request.formData();
        uploaded = (form.get('archivo') as File).name;
        return HttpResponse.json(dryRun);
      }),
      http.post(`/api/donativos/importar/${ID}/confirmar`, async ({ request }) => {
        confirmed = await request.json();
        return HttpResponse.json({ creados: 1, duplicados: 0, omitidos: 3 });
      }),
    );
    const { user } = renderWithProviders(<ImportarExtracto />);
    await user.upload(fileInput(), statement());

    const list = await screen.findByRole('list', { name: 'Movimientos del extracto' });
    expect(uploaded).toBe('marzo.csv');
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    const ana = within(list).getByRole('listitem', { name: 'Fila 5' });
    expect(ana).toHaveTextContent('Ana Peña Ibáñez');
    expect(ana).toHaveTextContent('(coincide: NIF)');
    expect(within(list).getByRole('listitem', { name: 'Fila 6' })).toHaveTextContent('(coincide: IBAN de su cuota)');
    expect(within(list).getByRole('listitem', { name: 'Fila 7' })).toHaveTextContent('más de una persona');
    // New rows with a person come chosen; a duplicate cannot be chosen; one without a person is not chosen.
    const check = (fila: number) => within(within(list).getByRole('listitem', { name: `Fila ${fila}` })).getByRole('checkbox');
    expect(check(5)).toBeChecked();
    expect(check(6)).toBeChecked();
    expect(check(7)).not.toBeChecked();
    expect(check(8)).toBeDisabled();
    expect(screen.getByText(/2 filas elegidas · 62,50 €/)).toBeInTheDocument();

    // Filter by state.
    await user.click(screen.getByRole('radio', { name: /Sin persona \(1\)/ }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await user.click(screen.getByRole('radio', { name: /Ya importado \(1\)/ }));
    expect(within(list).getByRole('listitem', { name: 'Fila 8' })).toHaveTextContent('Ya está registrado');
    await user.click(screen.getByRole('radio', { name: /Todos \(4\)/ }));

    // Leave Pedro's out, take the ambiguous Bizum as anonymous.
    await user.click(check(6));
    await user.click(check(7));
    await user.click(screen.getByRole('button', { name: 'Registrar 2 donativos' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Registrar 2 donativos?' });
    expect(dialog).toHaveTextContent('por un total de 55,00 €');
    expect(dialog).toHaveTextContent('1 queda sin persona y se guardará como anónimo');
    expect(confirmed).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));

    expect(await screen.findByText(/1 donativo registrado; 3 ingresos no elegidos\./)).toBeInTheDocument();
    expect(confirmed).toEqual({ filas: [5, 7] });
  });

  it('says in Spanish why a file is not a statement, and keeps the upload open', async () => {
    server.use(
      http.post('/api/donativos/importar', () =>
        HttpResponse.json(
          {
            code: 'VALIDATION_ERROR',
            message: 'El archivo no parece un extracto bancario: es un PDF; descargue el extracto en CSV o Norma 43',
            fieldErrors: { archivo: 'El archivo no parece un extracto bancario' },
            requestId: 'r1',
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderWithProviders(<ImportarExtracto />);
    await user.upload(fileInput(), new File(['%PDF-1.7'], 'extracto.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('es un PDF');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Elegir extracto' })).toBeEnabled());
  });
});
