import { screen, within } from '@testing-library/react';
import { type ContractPreparation, contractMissingLabels } from '@refugio/contracts';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { person } from '../../../testing/person-fixture';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { PrepareContractDialog } from './prepare-contract-dialog';

const missing = (campo: ContractPreparation['faltan'][number]['campo']) => ({
  campo,
  etiqueta: contractMissingLabels[campo],
  donde: campo.startsWith('persona.') ? ('persona' as const) : ('organizacion' as const),
});

function openDialog() {
  return renderWithProviders(<PrepareContractDialog solicitudId={4} opened replaces={false} onClose={() => {}} onPrepared={() => {}} />);
}

describe('preparing a contract: what is missing', () => {
  it('lists what the contract would leave blank, completes the adopter in place and links to the settings', async () => {
    let faltan = [missing('persona.documento'), missing('persona.direccion'), missing('organizacion.email')];
    const patched: unknown[] = [];
    server.use(
      http.get('/api/solicitudes-adopcion/4/contrato/preparacion', () => HttpResponse.json({ personaId: 3, faltan, bloqueos: [] })),
      http.get('/api/personas/3', () => HttpResponse.json(person(3, { nombre: 'María José', version: 4 }))),
      http.patch('/api/personas/3', async ({ request }) => {
        patched.push(await request.json());
        faltan = [missing('organizacion.email')];
        return HttpResponse.json(person(3, { nombre: 'María José', documento: '12345678Z', direccion: 'Calle Luna 2', version: 5 }));
      }),
    );
    const { user } = openDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Preparar contrato de adopción' });
    const alert = await within(dialog).findByRole('alert', { name: /Faltan datos para el contrato/ });
    const list = within(alert).getByRole('list', { name: 'Datos que faltan' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'El documento de identidad de la persona adoptante',
      'La dirección de la persona adoptante',
      'El correo electrónico de la organización',
    ]);
    expect(within(alert).getByText(/mostrará «—» en su lugar/)).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Abrir la ficha de la persona' })).toHaveAttribute('href', '/personas/3');
    expect(within(alert).getByRole('link', { name: 'Configuración' })).toHaveAttribute('href', '/configuracion');
    // Only the adopter's missing fields are offered; the city is there already.
    expect(within(alert).queryByLabelText('Ciudad')).not.toBeInTheDocument();
    const save = within(alert).getByRole('button', { name: 'Guardar en la ficha' });
    expect(save).toBeDisabled();

    await user.type(within(alert).getByLabelText('Documento de identidad'), '12345678Z');
    await user.type(within(alert).getByLabelText('Dirección'), ' Calle Luna 2 ');
    await user.click(save);
    await within(dialog).findByText('El correo electrónico de la organización');
    expect(patched).toEqual([{ documento: '12345678Z', direccion: 'Calle Luna 2', version: 4 }]);
    expect(within(dialog).queryByText('El documento de identidad de la persona adoptante')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Documento de identidad')).not.toBeInTheDocument();
  });

  it('says nothing when nothing is missing', async () => {
    server.use(http.get('/api/solicitudes-adopcion/4/contrato/preparacion', () => HttpResponse.json({ personaId: 3, faltan: [], bloqueos: [] })));
    openDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Preparar contrato de adopción' });
    expect(within(dialog).getByRole('button', { name: 'Preparar contrato' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(dialog).queryByText('Faltan datos para el contrato')).not.toBeInTheDocument();
  });

  it('says before the click why the law does not let the pet go, and does not offer to prepare', async () => {
    const mensaje = 'Luna no tiene microchip: la Ley 7/2023 (art. 58) no permite entregar un perro, un gato o un hurón sin él.';
    server.use(
      http.get('/api/solicitudes-adopcion/4/contrato/preparacion', () =>
        HttpResponse.json({ personaId: 3, faltan: [], bloqueos: [{ causa: 'microchip', mensaje }] }),
      ),
    );
    openDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Preparar contrato de adopción' });
    expect(await within(dialog).findByText(mensaje)).toBeInTheDocument();
    expect(within(dialog).getByText('No se puede preparar el contrato')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Preparar contrato' })).toBeDisabled();
  });
});
