import { petFormMessages, type CustomField, type Pet } from '@refugio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { http, HttpResponse } from 'msw';
import { Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { customField, customFieldsHandler } from '../../../testing/custom-field-fixture';
import { server } from '../../../testing/server';
import { decodePet, type PetView } from '../api/pet-view';
import { PetForm } from './pet-form';

// Canvas and createImageBitmap are the browser's: the reduction itself is proven by e2e/photo-shrink.spec.ts.
const shrinkImage = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/shrink-image', () => ({ shrinkImage }));

const wire: Pet = {
  id: 7,
  nombre: 'Luna',
  edad: '2 años',
  tipo: 'Perro',
  genero: 'hembra',
  tamano: 'mediano',
  fechaingreso: '2024-05-01 00:00:00',
  personalidad: '',
  historia: 'Llegó en invierno.',
  adoptado: '0',
  discapacidad: '0',
  tags: '[]',
  imagenprincipal: '',
  imagenprincipalUrl: null,
  thumbnailUrl: null,
  estado: 'borrador',
  publicarEn: null,
  version: 3,
  createdAt: '2024-05-01T00:00:00.000Z',
  updatedAt: '2024-05-01T00:00:00.000Z',
  createdBy: null,
  updatedBy: null,
  deletedAt: null,
  raza: '',
  color: '',
  fechaNacimiento: '',
  fechaNacimientoAprox: '0',
  microchip: '',
  esterilizado: 'desconocido',
  fechaEsterilizacion: '',
  procedencia: '',
  procedenciaDetalle: '',
  pesoKg: null,
  ubicacion: { tipo: 'refugio', desde: null },
  campos: {},
};
const pet = decodePet(wire);

const galleryImage = (id: number, orden: number) => ({
  id,
  nombre: `g${id}.jpg`,
  orden,
  width: 10,
  height: 10,
  bytes: 100,
  url: `/phpApi/storage/app/public/productos/7/g${id}.jpg`,
  thumbnailUrl: `/phpApi/storage/app/public/productos/7/thumbs/g${id}.jpg.webp`,
});

function renderForm(
  onReloadPet = vi.fn(() => Promise.resolve<PetView | undefined>(pet)),
  images = [] as ReturnType<typeof galleryImage>[],
  { fields = [] as CustomField[], shown = pet } = {},
) {
  server.use(
    customFieldsHandler('mascota', fields),
    http.get('/phpApi/mascota/7/imagenes', () => HttpResponse.json(images)),
    http.get('/api/mascotas/7/videos', () => HttpResponse.json([])),
    http.get('/api/ai/estado', () => HttpResponse.json({ available: false, provider: 'none' })),
    http.get('/api/organizacion', () => HttpResponse.json({ zonaHoraria: 'Europe/Madrid' })),
  );
  return renderWithProviders(
    <>
      <Link to="/">Inicio</Link>
      <PetForm pet={shown} onReloadPet={onReloadPet} />
    </>,
    { path: '/editar/7', routes: [{ path: '/', element: <h1>Lista de mascotas</h1> }] },
  );
}

// Typing in happy-dom is slow on a busy machine.
describe('PetForm', { timeout: 20_000 }, () => {
  it('leaves at once while nothing changed', async () => {
    const { user, router } = renderForm();
    await user.click(screen.getByRole('link', { name: 'Inicio' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('asks before leaving with changes; staying keeps the typed text, leaving goes on', async () => {
    const { user, router } = renderForm();
    const name = await screen.findByRole('textbox', { name: /nombre/i });
    await user.type(name, ' Clara');

    await user.click(screen.getByRole('link', { name: 'Inicio' }));
    const dialog = await screen.findByRole('dialog', { name: petFormMessages.leaveTitle });
    await user.click(within(dialog).getByRole('button', { name: petFormMessages.leaveCancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/editar/7');
    expect(name).toHaveValue('Luna Clara');

    await user.click(screen.getByRole('link', { name: 'Inicio' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: petFormMessages.leaveConfirm }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('after a conflict, shows the typed values beside the newer ones and keeps the ones chosen', async () => {
    const newer: PetView = { ...pet, nombre: 'Lunita', adoptado: true, version: 4 };
    const onReloadPet = vi.fn(() => Promise.resolve<PetView | undefined>(newer));
    const { user } = renderForm(onReloadPet);
    server.use(
      http.post('/phpApi/mascota/7/actualizar', () =>
        HttpResponse.json({ code: 'CONFLICT', message: 'Otra persona guardó cambios.', requestId: 'r1' }, { status: 409 }),
      ),
    );
    const name = await screen.findByRole('textbox', { name: /nombre/i });
    await user.clear(name);
    await user.type(name, 'Luna Clara');
    await user.keyboard('{Control>}s{/Control}');

    await user.click(await screen.findByRole('button', { name: petFormMessages.conflictReload }));
    const dialog = await screen.findByRole('dialog', { name: petFormMessages.conflictTitle });
    // Only the fields that differ: the name (typed) and adoption (changed by someone else).
    expect(within(dialog).getAllByRole('radiogroup')).toHaveLength(2);
    expect(within(dialog).getByText('Luna Clara')).toBeInTheDocument();
    expect(within(dialog).getByText('Lunita')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('radio', { name: petFormMessages.conflictMine })[0]).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: petFormMessages.conflictApply }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: petFormMessages.conflictTitle })).not.toBeInTheDocument());
    expect(name).toHaveValue('Luna Clara');
    expect(screen.getByRole('combobox', { name: /adoptado/i })).toHaveValue('Sí');
    expect(onReloadPet).toHaveBeenCalledTimes(1);
  });

  it("sends the identity fields, and a microchip already on another pet shows the server's message on that field", async () => {
    const { user } = renderForm();
    let sent: FormData | undefined;
    server.use(
      http.post('/phpApi/mascota/7/actualizar', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json(
          {
            code: 'CONFLICT',
            message: 'Ese microchip ya lo tiene «Toby» (mascota 3).',
            fieldErrors: { microchip: 'Ese microchip ya lo tiene «Toby» (mascota 3).' },
            requestId: 'r2',
          },
          { status: 409 },
        );
      }),
    );
    await user.type(await screen.findByRole('textbox', { name: petFormMessages.raza }), 'Mestizo');
    await user.type(screen.getByRole('textbox', { name: /Microchip/ }), '941 000 012 345 678');
    await user.click(screen.getByRole('checkbox', { name: /Fecha aproximada/ }));
    await user.click(screen.getByRole('radio', { name: 'Sí' }));
    await user.type(await screen.findByLabelText(petFormMessages.fechaEsterilizacion), '2024-02-01');
    await user.keyboard('{Control>}s{/Control}');

    const chip = screen.getByRole('textbox', { name: /Microchip/ });
    await waitFor(() => expect(chip).toHaveAccessibleDescription(/Ese microchip ya lo tiene «Toby» \(mascota 3\)/));
    // Not the "someone else saved" dialog: nothing to reload, the field says what is wrong.
    expect(screen.queryByRole('button', { name: petFormMessages.conflictReload })).not.toBeInTheDocument();
    expect(sent?.get('raza')).toBe('Mestizo');
    expect(sent?.get('microchip')).toBe('941000012345678');
    expect(sent?.get('fechaNacimientoAprox')).toBe('1');
    expect(sent?.get('esterilizado')).toBe('si');
    expect(sent?.get('fechaEsterilizacion')).toBe('2024-02-01');
  });

  it.each([
    { answered: 4, sent: '4', who: 'nobody else changed the pet: the form takes its new version' },
    { answered: 6, sent: '3', who: 'somebody else changed it meanwhile: the form keeps its version, so the save reports them' },
  ])('"Hacer principal" keeps the typed text; $who', async ({ answered, sent }) => {
    notifications.clean();
    const { user } = renderForm(undefined, [galleryImage(11, 1), galleryImage(12, 2)]);
    let saved: FormData | undefined;
    server.use(
      http.post('/phpApi/mascota/7/imagenes/12/principal', () => HttpResponse.json({ ...wire, imagenprincipal: 'g12.jpg', version: answered })),
      http.post('/phpApi/mascota/7/actualizar', async ({ request }) => {
        saved = await request.formData();
        return HttpResponse.json({ status: 'OK', id: 7, version: answered + 1 });
      }),
    );
    const name = await screen.findByRole('textbox', { name: /nombre/i });
    await user.type(name, ' Clara');
    await user.click(await screen.findByRole('button', { name: 'Hacer principal la imagen 2' }));
    expect(await screen.findByText('La imagen anterior pasó a la galería.')).toBeInTheDocument();
    expect(name).toHaveValue('Luna Clara');

    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(saved).toBeDefined());
    expect(saved?.get('version')).toBe(sent);
    expect(saved?.get('nombre')).toBe('Luna Clara');
  });
  it('REINICIAR reloads the values; photos chosen and not uploaded stay unless the person says to discard them', async () => {
    const { user } = renderForm();
    const name = await screen.findByRole('textbox', { name: /nombre/i });
    await user.type(name, ' Clara');
    // A main photo chosen (small, an image by its content), not uploaded yet.
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0])], 'foto.jpg', { type: 'image/jpeg' });
    // The hidden input of the "Elegir imagen principal" button.
    const input = screen.getByRole('button', { name: 'Elegir imagen principal' }).parentElement!.querySelector('input[type="file"]');
    await user.upload(input as HTMLInputElement, photo);
    expect(await screen.findByText(/Nueva imagen:/)).toHaveTextContent('foto.jpg');

    await user.click(screen.getByRole('button', { name: petFormMessages.resetButton }));
    let dialog = await screen.findByRole('dialog', { name: petFormMessages.resetTitle });
    expect(dialog).toHaveTextContent('(1 foto)');
    await user.click(within(dialog).getByRole('button', { name: petFormMessages.resetKeepFiles }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(name).toHaveValue('Luna');
    expect(screen.getByText(/Nueva imagen:/)).toHaveTextContent('foto.jpg');

    await user.type(name, ' Sol');
    await user.click(screen.getByRole('button', { name: petFormMessages.resetButton }));
    dialog = await screen.findByRole('dialog', { name: petFormMessages.resetTitle });
    await user.click(within(dialog).getByRole('button', { name: petFormMessages.resetDiscardFiles }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(name).toHaveValue('Luna');
    expect(screen.queryByText(/Nueva imagen:/)).not.toBeInTheDocument();

    // Nothing queued: REINICIAR reloads at once, nothing to ask.
    await user.type(name, ' Mar');
    await user.click(screen.getByRole('button', { name: petFormMessages.resetButton }));
    expect(name).toHaveValue('Luna');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
  it('while saving, the sticky save bar says which file is going up, of how many, and its percent', async () => {
    const { user } = renderForm();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('/phpApi/mascota/7/actualizar', () => HttpResponse.json({ status: 'OK', id: 7, version: 4 })),
      http.post('/phpApi/mascota/7/imagenes/nueva', async () => {
        await held;
        return HttpResponse.json({ status: 'OK', id: 30, nombre: 'perro.jpg' });
      }),
    );
    await screen.findByRole('textbox', { name: /nombre/i });
    await user.click(screen.getByRole('button', { name: 'Agregar imágenes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Carga de Imágenes' });
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0])], 'perro.jpg', { type: 'image/jpeg' });
    await user.upload(
      within(dialog).getByRole('button', { name: 'Elegir imágenes' }).parentElement!.querySelector('input[type="file"]') as HTMLInputElement,
      photo,
    );
    await user.click(await within(dialog).findByRole('button', { name: 'Agregar' }));

    await user.click(screen.getByRole('button', { name: petFormMessages.saveButton }));
    const bar = await screen.findByRole('group', { name: 'Progreso del guardado' });
    await waitFor(() => expect(bar).toHaveTextContent('Imagen 2 de 2: perro.jpg'));
    expect(bar).toHaveTextContent(/\d+\s%/);
    expect(within(bar).getByRole('progressbar', { name: 'Progreso de perro.jpg' })).toBeInTheDocument();
    release();
    expect(await screen.findByRole('dialog', { name: '¡Mascota Actualizada Exitosamente!' }, { timeout: 8000 })).toBeInTheDocument();
  });
  it('a main photo over 150KB keeps the alert, and beside it the photo can be reduced and used', async () => {
    const { user } = renderForm();
    await screen.findByRole('textbox', { name: /nombre/i });
    const jpegStart = [0xff, 0xd8, 0xff, 0xe0];
    const heavy = new File([new Uint8Array([...jpegStart, ...new Array<number>(200_000).fill(0)])], 'camara.jpg', { type: 'image/jpeg' });
    const reduced = new File([new Uint8Array([...jpegStart, ...new Array<number>(90_000).fill(0)])], 'camara.jpg', { type: 'image/jpeg' });
    shrinkImage.mockResolvedValueOnce({ file: reduced, width: 1280, height: 960 });
    const input = screen.getByRole('button', { name: 'Elegir imagen principal' }).parentElement!.querySelector('input[type="file"]');
    await user.upload(input as HTMLInputElement, heavy);

    expect(await screen.findByRole('alert')).toHaveTextContent('El peso de la imagen debe ser menor a 150KB');
    const offer = screen.getByRole('region', { name: 'Reducir la foto' });
    await user.click(within(offer).getByRole('button', { name: 'Reducir la foto' }));
    await user.click(await within(offer).findByRole('button', { name: 'Usar la foto reducida' }));

    expect(await screen.findByText(/Nueva imagen:/)).toHaveTextContent('camara.jpg (90 KB)');
    expect(screen.queryByText('El peso de la imagen debe ser menor a 150KB')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Reducir la foto' })).not.toBeInTheDocument();
  });
});

describe("PetForm: the organisation's own fields", { timeout: 20_000 }, () => {
  const leishmania = customField(1, {
    clave: 'test_leishmania',
    etiqueta: 'Test de leishmania',
    tipo: 'opcion',
    opciones: ['Negativo', 'Positivo'],
    especies: ['Perro'],
    ayuda: 'El último resultado.',
  });
  const peso = customField(2, { clave: 'peso_llegada', etiqueta: 'Peso al llegar (kg)', tipo: 'numero' });
  const fiv = customField(3, { clave: 'fiv', etiqueta: 'FIV positivo', tipo: 'si_no', especies: ['Gato'] });
  const revisado = customField(4, { clave: 'revisado', etiqueta: 'Revisado por veterinaria', tipo: 'fecha', obligatorio: true });

  const answerSave = (onSave: (body: FormData) => void, answer = () => HttpResponse.json({ status: 'OK', id: 7, version: 4 })) =>
    server.use(
      http.post('/phpApi/mascota/7/actualizar', async ({ request }) => {
        onSave(await request.formData());
        return answer();
      }),
    );

  it('shows a field of one species only for that species, and sends the typed number and the chosen option as JSON', async () => {
    const { user } = renderForm(undefined, [], { fields: [leishmania, peso, fiv] });
    let sent: FormData | undefined;
    answerSave((body) => (sent = body));

    const section = await screen.findByRole('group', { name: 'Campos propios' });
    expect(within(section).getByRole('combobox', { name: 'Test de leishmania' })).toHaveAccessibleDescription('El último resultado.');
    expect(within(section).queryByRole('radiogroup', { name: 'FIV positivo' })).not.toBeInTheDocument();

    // A cat has FIV, not leishmania.
    await user.click(screen.getByRole('combobox', { name: /^Tipo/ }));
    await user.click(await screen.findByRole('option', { name: 'Gato' }));
    expect(await within(section).findByRole('radiogroup', { name: 'FIV positivo' })).toBeInTheDocument();
    expect(within(section).queryByRole('combobox', { name: 'Test de leishmania' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /^Tipo/ }));
    await user.click(await screen.findByRole('option', { name: 'Perro' }));

    await user.type(await within(section).findByRole('textbox', { name: 'Peso al llegar (kg)' }), '12,5');
    await user.click(within(section).getByRole('combobox', { name: 'Test de leishmania' }));
    await user.click(await screen.findByRole('option', { name: 'Positivo' }));
    await user.keyboard('{Control>}s{/Control}');

    await waitFor(() => expect(sent).toBeDefined());
    expect(JSON.parse(sent?.get('campos') as string)).toEqual({ test_leishmania: 'Positivo', peso_llegada: 12.5 });
  });

  it("puts the server's message about a field under that field", async () => {
    const { user } = renderForm(undefined, [], { fields: [leishmania] });
    const message = 'El campo «Test de leishmania» debe ser una de sus opciones.';
    answerSave(
      () => undefined,
      () => HttpResponse.json({ code: 'VALIDATION', message, fieldErrors: { 'campos.test_leishmania': message }, requestId: 'r3' }, { status: 400 }),
    );
    const input = await screen.findByRole('combobox', { name: 'Test de leishmania' });
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(input).toHaveAccessibleDescription(new RegExp(message)));
  });

  it('asks for a required field before sending anything, naming it', async () => {
    const { user } = renderForm(undefined, [], { fields: [revisado] });
    const send = vi.fn();
    answerSave(send);
    const input = await screen.findByLabelText(/Revisado por veterinaria/);
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(input).toHaveAccessibleDescription('El campo «Revisado por veterinaria» es obligatorio.'));
    expect(send).not.toHaveBeenCalled();

    await user.type(input, '2026-11-02');
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(JSON.parse((send.mock.calls[0] as [FormData])[0].get('campos') as string)).toEqual({ revisado: '2026-11-02' });
  });

  it('shows a value hidden from this role read-only and never sends it back', async () => {
    const nota = customField(5, { clave: 'nota', etiqueta: 'Nota interna', tipo: 'texto' });
    const shown = { ...pet, campos: { nota: '***', peso_llegada: 8 } } as PetView;
    const { user } = renderForm(undefined, [], { fields: [nota, peso], shown });
    let sent: FormData | undefined;
    answerSave((body) => (sent = body));
    const hidden = await screen.findByRole('textbox', { name: 'Nota interna' });
    expect(hidden).toHaveValue('Oculto para tu rol');
    expect(hidden).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Peso al llegar (kg)' })).toHaveValue('8');
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(sent).toBeDefined());
    expect(JSON.parse(sent?.get('campos') as string)).toEqual({ peso_llegada: 8 });
  });

  it('loading the newer version after a conflict keeps what was typed in the own fields', async () => {
    const newer = { ...pet, version: 4, campos: { peso_llegada: 9 } } as PetView;
    const onReloadPet = vi.fn(() => Promise.resolve<PetView | undefined>(newer));
    const { user } = renderForm(onReloadPet, [], { fields: [leishmania, peso] });
    answerSave(
      () => undefined,
      () => HttpResponse.json({ code: 'CONFLICT', message: 'Otra persona guardó cambios.', requestId: 'r4' }, { status: 409 }),
    );
    await user.click(await screen.findByRole('combobox', { name: 'Test de leishmania' }));
    await user.click(await screen.findByRole('option', { name: 'Negativo' }));
    await user.keyboard('{Control>}s{/Control}');
    await user.click(await screen.findByRole('button', { name: petFormMessages.conflictReload }));

    // The other person's weight arrives; the result chosen here stays.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Peso al llegar (kg)' })).toHaveValue('9'));
    expect(screen.getByRole('combobox', { name: 'Test de leishmania' })).toHaveValue('Negativo');
  });

  it('the own fields alone do not make the form ask before leaving', async () => {
    const { user, router } = renderForm(undefined, [], { fields: [leishmania, peso, revisado] });
    await screen.findByRole('group', { name: 'Campos propios' });
    await user.click(screen.getByRole('link', { name: 'Inicio' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('with no field for the species, shows no section and sends no campos', async () => {
    const { user } = renderForm(undefined, [], { fields: [fiv] });
    let sent: FormData | undefined;
    answerSave((body) => (sent = body));
    await screen.findByRole('textbox', { name: /nombre/i });
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Campos propios' })).not.toBeInTheDocument());
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent?.has('campos')).toBe(false);
  });
});
