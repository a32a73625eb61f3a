import { type CustomField, customFieldMessages } from '@refugio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { Component as Campos } from './campos';

const field = (f: Partial<CustomField> & Pick<CustomField, 'id' | 'clave' | 'etiqueta'>): CustomField => ({
  entidad: 'mascota',
  tipo: 'texto',
  opciones: [],
  especies: [],
  obligatorio: false,
  publico: false,
  sensible: false,
  ayuda: null,
  orden: f.id,
  archivado: false,
  usos: 0,
  version: 1,
  ...f,
});

const leish = field({
  id: 1,
  clave: 'leishmania',
  etiqueta: 'Leishmania',
  tipo: 'si_no',
  especies: ['Perro'],
  obligatorio: true,
  usos: 12,
  version: 3,
});
const ninos = field({ id: 2, clave: 'ninos', etiqueta: 'Carácter con niños', tipo: 'opcion', opciones: ['Bueno', 'Regular', 'Malo'], publico: true });
const socio = field({ id: 3, clave: 'socio_antiguo', etiqueta: 'Nº de socio antiguo', entidad: 'persona', tipo: 'numero', sensible: true, usos: 1 });
const viejo = field({ id: 4, clave: 'tatuaje', etiqueta: 'Tatuaje', archivado: true, usos: 5 });

/** The list the server holds of each entity, the archived ones only when asked for. */
function serveFields(items: CustomField[], seen: string[] = []) {
  return http.get('/api/campos', ({ request }) => {
    const url = new URL(request.url);
    seen.push(url.search);
    const entidad = url.searchParams.get('entidad');
    const archivados = url.searchParams.get('archivados') === 'true';
    return HttpResponse.json({ items: items.filter((f) => f.entidad === entidad && (archivados || !f.archivado)) });
  });
}

describe('Campos propios', () => {
  it("lists each entity's fields in order, with their type, badges and how many records hold a value", async () => {
    const seen: string[] = [];
    server.use(serveFields([leish, ninos, socio, viejo], seen));
    const { user } = renderWithProviders(<Campos />, { path: '/campos' });
    expect(screen.getByRole('heading', { level: 1, name: 'Campos propios' })).toBeInTheDocument();
    expect(screen.getByText(/se archiva, y sus valores se conservan/)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Animales' })).toHaveAttribute('aria-selected', 'true');

    const list = await screen.findByRole('list', { name: /Campos en uso/ });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual(['Leishmania', 'Carácter con niños']);
    expect(rows[0]).toHaveTextContent('Sí / No');
    expect(rows[0]).toHaveTextContent('12 fichas con valor');
    expect(within(rows[0]!).getByText('Obligatorio')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Perro')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Público')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Todas las especies')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Una opción de una lista');
    expect(screen.queryByText('Tatuaje')).toBeNull();
    expect(within(rows[0]!).getByRole('button', { name: 'Subir «Leishmania»' })).toBeDisabled();

    await user.click(screen.getByRole('switch', { name: 'Mostrar archivados' }));
    const archived = await screen.findByRole('list', { name: 'Campos archivados' });
    expect(within(archived).getByRole('heading', { name: 'Tatuaje' })).toBeInTheDocument();
    expect(within(archived).getByRole('button', { name: 'Recuperar «Tatuaje»' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Personas' }));
    const persons = await screen.findByRole('list', { name: /Campos en uso/ });
    expect(within(persons).getByRole('heading', { name: 'Nº de socio antiguo' })).toBeInTheDocument();
    expect(within(persons).getByText('Sensible')).toBeInTheDocument();
    expect(persons).toHaveTextContent('1 ficha con valor');
    expect(seen).toEqual(['?entidad=mascota', '?entidad=mascota&archivados=true', '?entidad=persona']);

    const audit = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(audit.violations.map((v) => v.id)).toEqual([]);
  });

  it('creates a field with the key its label suggests and its options, one per line', async () => {
    let sent: Record<string, unknown> | undefined;
    server.use(
      serveFields([leish]),
      http.post('/api/campos', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...field({ id: 9, clave: 'x', etiqueta: 'x' }), ...sent }, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<Campos />, { path: '/campos' });
    await screen.findByRole('heading', { name: 'Leishmania' });
    await user.click(screen.getByRole('button', { name: 'Nuevo campo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo campo' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Nombre/ }), 'Test de leishmania');
    expect(within(dialog).getByRole('textbox', { name: /^Clave/ })).toHaveValue('test_de_leishmania');
    // Pets only: species and the public catalogue; never «Sensible».
    expect(within(dialog).queryByRole('switch', { name: /Sensible/ })).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Perro' }));
    await user.click(within(dialog).getByRole('switch', { name: /Obligatorio/ }));

    await user.click(within(dialog).getByRole('combobox', { name: /^Tipo/ }));
    await user.click(await screen.findByRole('option', { name: 'Una opción de una lista' }));
    const opciones = within(dialog).getByRole('textbox', { name: /^Opciones/ });
    const audit = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(audit.violations.map((v) => v.id)).toEqual([]);
    await user.type(opciones, 'Positivo');
    await user.click(within(dialog).getByRole('button', { name: 'Crear campo' }));
    // One option is not a list: nothing is sent, and the field says why.
    expect(await within(dialog).findByText(customFieldMessages.optionsRequired)).toBeInTheDocument();
    expect(sent).toBeUndefined();

    await user.type(opciones, '{Enter}Negativo{Enter}  {Enter}Pendiente ');
    await user.click(within(dialog).getByRole('button', { name: 'Crear campo' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toEqual({
      entidad: 'mascota',
      clave: 'test_de_leishmania',
      etiqueta: 'Test de leishmania',
      tipo: 'opcion',
      opciones: ['Positivo', 'Negativo', 'Pendiente'],
      especies: ['Perro'],
      obligatorio: true,
      publico: false,
      sensible: false,
    });
    expect(await screen.findByText(customFieldMessages.created)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's reason when the key is taken, under the key too", async () => {
    server.use(
      serveFields([]),
      http.post('/api/campos', () =>
        HttpResponse.json(
          { code: 'CONFLICT', message: customFieldMessages.keyTaken, fieldErrors: { clave: customFieldMessages.keyTaken }, requestId: 'r' },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderWithProviders(<Campos />, { path: '/campos' });
    await user.click(screen.getByRole('tab', { name: 'Personas' }));
    expect(await screen.findByText(/Todavía no hay campos propios en la ficha de cada persona/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nuevo campo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo campo' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Perro' })).toBeNull();
    expect(within(dialog).queryByRole('switch', { name: /Público/ })).toBeNull();
    expect(within(dialog).getByRole('switch', { name: /Sensible/ })).toHaveAccessibleDescription(/Se oculta como el DNI/);
    await user.type(within(dialog).getByRole('textbox', { name: /^Nombre/ }), 'Socio antiguo');
    await user.click(within(dialog).getByRole('button', { name: 'Crear campo' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(customFieldMessages.keyTaken);
    expect(within(dialog).getByRole('textbox', { name: /^Clave/ })).toHaveAccessibleDescription(
      expect.stringContaining(customFieldMessages.keyTaken),
    );
  });

  it('edits a field at the version it read, and shows what is saved when someone else saved first', async () => {
    const puts: Record<string, unknown>[] = [];
    let stored = leish;
    server.use(
      http.get('/api/campos', () => HttpResponse.json({ items: [stored] })),
      http.put('/api/campos/1', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        puts.push(body);
        if (puts.length === 1) {
          stored = { ...leish, etiqueta: 'Leishmaniosis', version: 4 };
          return HttpResponse.json({ code: 'CONFLICT', message: customFieldMessages.staleVersion, requestId: 'r' }, { status: 409 });
        }
        return HttpResponse.json({ ...stored, ...body, version: 5 });
      }),
    );
    const { user } = renderWithProviders(<Campos />, { path: '/campos' });
    await user.click(await screen.findByRole('button', { name: 'Editar «Leishmania»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar «Leishmania»' });
    // The key and the type stay.
    expect(within(dialog).queryByRole('textbox', { name: /^Clave/ })).toBeNull();
    expect(within(dialog).getByText(customFieldMessages.keyFixed)).toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: /^Nombre/ });
    await user.clear(name);
    await user.type(name, 'Test de leishmania');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      etiqueta: 'Test de leishmania',
      especies: ['Perro'],
      obligatorio: true,
      publico: false,
      sensible: false,
      ayuda: '',
      version: 3,
    });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(customFieldMessages.staleVersion);
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /^Nombre/ })).toHaveValue('Leishmaniosis'));
    expect(dialog).toHaveAccessibleName('Editar «Leishmaniosis»');

    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toMatchObject({ etiqueta: 'Leishmaniosis', version: 4 });
    expect(await screen.findByText(customFieldMessages.saved)).toBeInTheDocument();
  });

  it("shows the server's Spanish reason when an option in use cannot be removed", async () => {
    server.use(
      serveFields([ninos]),
      http.put('/api/campos/2', () =>
        HttpResponse.json(
          {
            code: 'VALIDATION',
            message: customFieldMessages.optionRemovedInUse('Malo'),
            fieldErrors: { opciones: customFieldMessages.optionRemovedInUse('Malo') },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderWithProviders(<Campos />, { path: '/campos' });
    await user.click(await screen.findByRole('button', { name: 'Editar «Carácter con niños»' }));
    const dialog = await screen.findByRole('dialog');
    const opciones = within(dialog).getByRole('textbox', { name: /^Opciones/ });
    expect(opciones).toHaveValue('Bueno\nRegular\nMalo');
    await user.clear(opciones);
    await user.type(opciones, 'Bueno{Enter}Regular');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('La opción «Malo» ya está elegida en alguna ficha');
    expect(opciones).toHaveAccessibleDescription(expect.stringContaining('no se puede quitar (sí cambiar'));
  });

  it('archives a field only after confirming, and recovers an archived one', async () => {
    const posts: string[] = [];
    server.use(
      serveFields([leish, viejo]),
      http.post('/api/campos/:id/:action', ({ params }) => {
        posts.push(`${String(params.id)} ${String(params.action)}`);
        const archivado = params.action === 'archivar';
        return HttpResponse.json({ ...(params.id === '1' ? leish : viejo), archivado });
      }),
    );
    const { user } = renderWithProviders(<Campos />, { path: '/campos' });
    await user.click(await screen.findByRole('button', { name: 'Archivar «Leishmania»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archivar «Leishmania»' });
    expect(dialog).toHaveTextContent('Sus valores se conservan (12 fichas lo tienen), pero deja de aparecer en los formularios');
    expect(posts).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Archivar' }));
    await waitFor(() => expect(posts).toEqual(['1 archivar']));
    expect(await screen.findByText(customFieldMessages.archived)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('switch', { name: 'Mostrar archivados' }));
    await user.click(await screen.findByRole('button', { name: 'Recuperar «Tatuaje»' }));
    await waitFor(() => expect(posts).toEqual(['1 archivar', '4 recuperar']));
    expect(await screen.findByText(customFieldMessages.restored)).toBeInTheDocument();
  });

  it('moves a field up with «Subir», at once, and puts it back when the server refuses', async () => {
    const orders: unknown[] = [];
    const third = field({ id: 5, clave: 'dieta', etiqueta: 'Dieta' });
    let refuse = false;
    let stored = [leish, ninos, third];
    server.use(
      // Once the server refuses, the list it would send never comes: only the rollback puts the rows back.
      http.get('/api/campos', async () => {
        if (refuse) await delay('infinite');
        return HttpResponse.json({ items: stored });
      }),
      http.put('/api/campos/orden', async ({ request }) => {
        const body = (await request.json()) as { ids: number[] };
        orders.push(body);
        if (refuse) return HttpResponse.json({ code: 'CONFLICT', message: 'La lista de campos ha cambiado.', requestId: 'r' }, { status: 409 });
        const byId = new Map(stored.map((f) => [f.id, f]));
        stored = body.ids.map((id, orden) => ({ ...byId.get(id)!, orden }));
        return HttpResponse.json({ items: stored });
      }),
    );
    const { user } = renderWithProviders(<Campos />, { path: '/campos' });
    const labels = () =>
      within(screen.getByRole('list', { name: /Campos en uso/ }))
        .getAllByRole('heading')
        .map((h) => h.textContent);
    await user.click(await screen.findByRole('button', { name: 'Subir «Dieta»' }));
    expect(labels()).toEqual(['Leishmania', 'Dieta', 'Carácter con niños']);
    await waitFor(() => expect(orders).toEqual([{ entidad: 'mascota', ids: [1, 5, 2] }]));
    expect(await screen.findByText(customFieldMessages.reordered)).toBeInTheDocument();

    refuse = true;
    await waitFor(() => expect(screen.getByRole('button', { name: 'Bajar «Leishmania»' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Bajar «Leishmania»' }));
    await waitFor(() => expect(orders).toHaveLength(2));
    expect(orders[1]).toEqual({ entidad: 'mascota', ids: [5, 1, 2] });
    expect(await screen.findByText(/La lista de campos ha cambiado\. Los campos vuelven a su orden anterior\./)).toBeInTheDocument();
    await waitFor(() => expect(labels()).toEqual(['Leishmania', 'Dieta', 'Carácter con niños']));
  });
});
