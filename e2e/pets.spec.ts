import type { Browser, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, signIn, test } from './support/fixtures';

/*
 * Journeys of the pet screens: Agregar, Editar (SPEC section 2 and its save sequence of section 4), the
 * SPEC section 8 messages, the stale-version conflict, and the list on Home. Media are generated here:
 * small real JPEG/PNG files (sharp) and a minimal WebM (an EBML header is all the server checks).
 */

interface Payload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

async function jpeg(name: string, color: string, size = 240): Promise<Payload> {
  const buffer = await sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

async function png(name: string, color: string): Promise<Payload> {
  const buffer = await sharp({ create: { width: 200, height: 160, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** Random noise compresses badly: a PNG well over the 150000 bytes of the main image limit. */
async function oversizedPng(name: string): Promise<Payload> {
  const width = 320;
  const height = 320;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 2654435761) % 251;
  const buffer = await sharp(raw, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(buffer.length).toBeGreaterThan(150_000);
  return { name, mimeType: 'image/png', buffer };
}

/** A minimal WebM: the EBML header with DocType 'webm', then a Segment holding an Info element. */
function webm(name: string): Payload {
  const element = (id: number[], data: number[]) => [...id, 0x80 | data.length, ...data];
  const header = [
    ...element([0x42, 0x86], [1]),
    ...element([0x42, 0xf7], [1]),
    ...element([0x42, 0xf2], [4]),
    ...element([0x42, 0xf3], [8]),
    ...element([0x42, 0x82], [...Buffer.from('webm', 'ascii')]),
    ...element([0x42, 0x87], [2]),
    ...element([0x42, 0x85], [2]),
  ];
  const info = element([0x2a, 0xd7, 0xb1], [0x0f, 0x42, 0x40]);
  const bytes = [
    ...[0x1a, 0x45, 0xdf, 0xa3, 0x80 | header.length, ...header],
    ...[0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
    ...[0x15, 0x49, 0xa9, 0x66, 0x80 | info.length, ...info],
  ];
  return { name, mimeType: 'video/webm', buffer: Buffer.from(bytes) };
}

/** A short suffix that keeps the names of this run apart from other runs and workers. */
function unique(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** Clicks a button that opens the browser's file picker and chooses `files`, as a person would. */
async function chooseFiles(page: Page, button: Locator, files: Payload[]) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(files);
}

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

interface NewPet {
  nombre: string;
  edad?: string;
  tipo?: string;
  tags?: string[];
  estado?: string;
  images?: Payload[];
  videos?: Payload[];
}

/** Creates a pet through the API with the page's session (faster than the form, for journeys that edit). */
async function createPet(page: Page, pet: NewPet): Promise<number> {
  const origin = new URL(page.url()).origin;
  const headers = { origin };
  const res = await page.request.post('/phpApi/mascota/nueva', {
    headers,
    multipart: {
      nombre: pet.nombre,
      edad: pet.edad ?? '4 años',
      tipo: pet.tipo ?? 'Perro',
      genero: 'macho',
      tamano: 'grande',
      discapacidad: '0',
      adoptado: '0',
      fechaingreso: '2024-03-05 00:00:00',
      personalidad: 'Juguetón y cariñoso',
      historia: 'Llegó al refugio en invierno.',
      tags: JSON.stringify(pet.tags ?? ['juguetón', 'cariñoso']),
      ...(pet.estado ? { estado: pet.estado } : {}),
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { id } = (await res.json()) as { id: number };
  for (const image of pet.images ?? []) {
    const up = await page.request.post(`/phpApi/mascota/${id}/imagenes/nueva`, { headers, multipart: { file: image } });
    expect(up.ok(), await up.text()).toBe(true);
  }
  for (const video of pet.videos ?? []) {
    const up = await page.request.post(`/api/mascotas/${id}/videos`, { headers, multipart: { file: video } });
    expect(up.ok(), await up.text()).toBe(true);
  }
  return id;
}

async function openEdit(page: Page, id: number) {
  await page.goto(`/editar/${id}`);
  await expect(page.getByRole('heading', { name: 'Editar Mascota' })).toBeVisible();
  await expect(page.getByLabel('Nombre')).not.toHaveValue('');
}

function summaryRow(dialog: Locator, label: string) {
  return dialog.getByRole('row', { name: new RegExp(`^${label} `) });
}

test.describe('agregar y editar mascotas', () => {
  test('agregar una mascota con imagen principal, dos imágenes adicionales y un video', async ({ page }) => {
    const nombre = `Luna ${unique()}`;
    await signIn(page, 'staff');
    await page.getByRole('link', { name: 'Agregar mascota' }).first().click();
    await expect(page).toHaveURL(/\/agregar$/);
    await expect(page.getByRole('heading', { name: 'Agregar Mascota' })).toBeVisible();

    await page.getByLabel('Nombre').fill(nombre);
    await page.getByLabel('Edad').fill('2 años');
    await pick(page, 'Tipo', 'Gato');
    await pick(page, 'Género', 'hembra');
    await pick(page, 'Tamaño', 'chico');
    await page.getByLabel('Historia').fill('La encontraron en un parque.');
    await expect(page.getByText('Haz clic en "Generar Etiquetas"...')).toBeVisible();
    await page.getByLabel('Nueva etiqueta').fill('tranquila');
    await page.getByLabel('Nueva etiqueta').press('Enter');
    await expect(page.getByText('Haz clic en "Generar Etiquetas"...')).toHaveCount(0);

    await chooseFiles(page, page.getByRole('button', { name: 'Elegir imagen principal' }), [await jpeg('luna.jpg', '#d08c60')]);
    await expect(page.getByRole('img', { name: 'Vista previa de luna.jpg' })).toBeVisible();

    await page.getByRole('button', { name: 'Agregar imágenes' }).click();
    const imagesDialog = page.getByRole('dialog', { name: 'Carga de Imágenes' });
    await expect(imagesDialog.getByRole('button', { name: 'Agregar', exact: true })).toBeDisabled();
    await chooseFiles(page, imagesDialog.getByRole('button', { name: 'Elegir imágenes' }), [
      await jpeg('jardin.jpg', '#4a7c59'),
      await png('siesta.png', '#7b6d8d'),
    ]);
    await expect(imagesDialog.getByText('2 imágenes listas para agregar:')).toBeVisible();
    await imagesDialog.getByRole('button', { name: 'Agregar', exact: true }).click();
    await expect(imagesDialog).toBeHidden();
    await expect(page.getByRole('img', { name: 'Vista previa de jardin.jpg' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Vista previa de siesta.png' })).toBeVisible();

    await page.getByRole('button', { name: 'Agregar video' }).click();
    const videoDialog = page.getByRole('dialog', { name: 'Carga de Video' });
    await expect(videoDialog.getByRole('button', { name: 'Agregar Video' })).toBeDisabled();
    await chooseFiles(page, videoDialog.getByRole('button', { name: 'Elegir video' }), [webm('paseo.webm')]);
    await videoDialog.getByRole('button', { name: 'Agregar Video' }).click();
    await expect(page.getByText('paseo.webm', { exact: false })).toBeVisible();

    await page.getByRole('button', { name: 'GUARDAR MASCOTA' }).click();
    await expect(page.getByRole('region', { name: 'Progreso del guardado' })).toBeVisible();
    const success = page.getByRole('dialog', { name: '¡Mascota Agregada Exitosamente!' });
    await expect(success).toBeVisible({ timeout: 20_000 });
    await expect(summaryRow(success, 'Nombre')).toContainText(nombre);
    await expect(summaryRow(success, 'Tipo')).toContainText('Gato');
    await expect(summaryRow(success, 'Edad')).toContainText('2 años');
    await expect(summaryRow(success, 'Género')).toContainText('hembra');
    await expect(summaryRow(success, 'Imágenes')).toContainText('2');
    await expect(summaryRow(success, 'Videos')).toContainText('1');
    await expect(summaryRow(success, 'Etiquetas')).toContainText('1');

    await success.getByRole('button', { name: 'Seguir Editando' }).click();
    await expect(page).toHaveURL(/\/editar\/\d+$/);
    await expect(page.getByLabel('Nombre')).toHaveValue(nombre);
    await expect(page.getByRole('button', { name: /^Eliminar imagen \d$/ })).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Eliminar video paseo.webm' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Imagen principal actual' })).toBeVisible();
  });

  test('editar: cambiar campos y agregar una imagen muestra el resumen tras la espera de 2 segundos', async ({ page }) => {
    await signIn(page, 'staff');
    const nombre = `Toby ${unique()}`;
    const id = await createPet(page, { nombre, images: [await jpeg('a.jpg', '#335577')], videos: [webm('video.webm')] });
    await openEdit(page, id);
    await expect(page.getByRole('button', { name: /^Eliminar imagen \d$/ })).toHaveCount(1);

    await page.getByLabel('Edad').fill('5 años');
    await pick(page, 'Tipo', 'Conejo');
    await pick(page, 'Adoptado', 'Sí');
    await page.getByLabel('Nueva etiqueta').fill('dormilón');
    await page.getByRole('button', { name: 'Agregar etiqueta' }).click();
    await page.getByRole('button', { name: 'Agregar imágenes' }).click();
    const imagesDialog = page.getByRole('dialog', { name: 'Carga de Imágenes' });
    await chooseFiles(page, imagesDialog.getByRole('button', { name: 'Elegir imágenes' }), [await jpeg('nueva.jpg', '#aa3355')]);
    await imagesDialog.getByRole('button', { name: 'Agregar', exact: true }).click();

    const started = Date.now();
    await page.getByRole('button', { name: 'GUARDAR MASCOTA' }).click();
    const success = page.getByRole('dialog', { name: '¡Mascota Actualizada Exitosamente!' });
    await expect(success).toBeVisible({ timeout: 20_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    await expect(summaryRow(success, 'Nombre')).toContainText(nombre);
    await expect(summaryRow(success, 'Tipo')).toContainText('Conejo');
    await expect(summaryRow(success, 'Edad')).toContainText('5 años');
    await expect(summaryRow(success, 'Género')).toContainText('macho');
    await expect(summaryRow(success, 'Imágenes')).toContainText('2');
    await expect(summaryRow(success, 'Videos')).toContainText('1');
    await expect(summaryRow(success, 'Etiquetas')).toContainText('3');

    await success.getByRole('button', { name: 'Seguir Editando' }).click();
    await expect(success).toBeHidden();
    await expect(page.getByLabel('Edad')).toHaveValue('5 años');
    await expect(page.getByRole('combobox', { name: 'Adoptado', exact: true })).toHaveValue('Sí');
    await expect(page.getByRole('button', { name: /^Eliminar imagen \d$/ })).toHaveCount(2);

    // The pet really changed on the server.
    const saved = (await (await page.request.get(`/phpApi/mascota/${id}`)).json()) as { edad: string; tipo: string; adoptado: string; tags: string };
    expect(saved).toMatchObject({ edad: '5 años', tipo: 'Conejo', adoptado: '1' });
    expect(JSON.parse(saved.tags)).toEqual(['juguetón', 'cariñoso', 'dormilón']);
  });

  test('eliminar una imagen y un video con los mensajes de la especificación', async ({ page }) => {
    await signIn(page, 'staff');
    const id = await createPet(page, {
      nombre: `Nube ${unique()}`,
      images: [await jpeg('uno.jpg', '#111111'), await jpeg('dos.jpg', '#222222')],
      videos: [webm('corre.webm')],
    });
    await openEdit(page, id);
    await expect(page.getByRole('button', { name: /^Eliminar imagen \d$/ })).toHaveCount(2);

    await page.getByRole('button', { name: 'Eliminar imagen 1' }).click();
    const confirmImage = page.getByRole('dialog');
    await expect(confirmImage).toContainText('¡La imagen seleccionada será eliminada!');
    await confirmImage.getByRole('button', { name: 'Sí, eliminar imagen' }).click();
    await expect(page.getByText('¡Eliminada!')).toBeVisible();
    await expect(page.getByText('Tu imagen ha sido eliminada.')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Eliminar imagen \d$/ })).toHaveCount(1);

    await page.getByRole('button', { name: 'Eliminar video corre.webm' }).click();
    const confirmVideo = page.getByRole('dialog');
    await expect(confirmVideo).toContainText('¡El video seleccionado será eliminado!');
    await confirmVideo.getByRole('button', { name: 'Sí, eliminar video' }).click();
    await expect(page.getByText('¡Eliminado!')).toBeVisible();
    await expect(page.getByText('Tu video ha sido eliminado.')).toBeVisible();
    await expect(page.getByText('Todavía no hay videos.')).toBeVisible();
  });

  test('un fallo al eliminar una imagen muestra Error / No se pudo eliminar la imagen.', async ({ page }) => {
    await signIn(page, 'staff');
    const id = await createPet(page, { nombre: `Gris ${unique()}`, images: [await jpeg('uno.jpg', '#444444')] });
    await openEdit(page, id);
    await page.route('**/imagenes/*/eliminar', (route) =>
      route.fulfill({ status: 500, json: { code: 'INTERNAL', message: 'Error', requestId: 'e2e' } }),
    );
    await page.getByRole('button', { name: 'Eliminar imagen 1' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sí, eliminar imagen' }).click();
    await expect(page.getByText('No se pudo eliminar la imagen.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Eliminar imagen 1' })).toBeVisible();
  });

  test('una imagen que el servidor rechaza no hace fallar el guardado y se lista en el resumen', async ({ page }) => {
    await signIn(page, 'staff');
    const id = await createPet(page, { nombre: `Fallo ${unique()}` });
    await openEdit(page, id);
    await page.route('**/imagenes/nueva', (route) =>
      route.fulfill({ status: 400, json: { status: 'ERROR', message: 'El archivo no es una imagen válida.' } }),
    );
    await page.getByRole('button', { name: 'Agregar imágenes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Carga de Imágenes' });
    await chooseFiles(page, dialog.getByRole('button', { name: 'Elegir imágenes' }), [await jpeg('rechazada.jpg', '#999999')]);
    await dialog.getByRole('button', { name: 'Agregar', exact: true }).click();
    await page.getByRole('button', { name: 'GUARDAR MASCOTA' }).click();
    const success = page.getByRole('dialog', { name: '¡Mascota Actualizada Exitosamente!' });
    await expect(success).toBeVisible({ timeout: 20_000 });
    await expect(summaryRow(success, 'Imágenes')).toContainText('0');
    await expect(success).toContainText('Imagen rechazada.jpg: El archivo no es una imagen válida.');
  });

  test('un fallo al guardar muestra Error / Error al actualizar la mascota', async ({ page }) => {
    await signIn(page, 'staff');
    const id = await createPet(page, { nombre: `Caida ${unique()}` });
    await openEdit(page, id);
    await page.route('**/actualizar', (route) =>
      route.fulfill({
        status: 500,
        json: { code: 'INTERNAL', message: 'Ocurrió un error inesperado en el servidor. Inténtalo de nuevo.', requestId: 'e2e' },
      }),
    );
    await page.getByLabel('Edad').fill('9 años');
    await page.getByRole('button', { name: 'GUARDAR MASCOTA' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Error al actualizar la mascota' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Error');
    await expect(page.getByRole('dialog', { name: '¡Mascota Actualizada Exitosamente!' })).toHaveCount(0);
    // Back to the form, with what was typed.
    await expect(page.getByRole('button', { name: 'GUARDAR MASCOTA' })).toBeEnabled();
    await expect(page.getByLabel('Edad')).toHaveValue('9 años');
  });

  test('si la lista de videos falla se muestra la advertencia', async ({ page }) => {
    await signIn(page, 'staff');
    const id = await createPet(page, { nombre: `Sinvideo ${unique()}` });
    await page.route('**/api/mascotas/*/videos', (route) =>
      route.fulfill({ status: 503, json: { code: 'SERVICE_UNAVAILABLE', message: 'No disponible', requestId: 'e2e' } }),
    );
    await openEdit(page, id);
    await expect(page.getByText('Error al cargar videos')).toBeVisible();
    await expect(page.getByText('No se pudieron cargar los videos desde el almacenamiento. Verifica tu conexión a internet.')).toBeVisible();
  });

  test('REINICIAR vuelve a los valores cargados', async ({ page }) => {
    await signIn(page, 'staff');
    const nombre = `Kira ${unique()}`;
    const id = await createPet(page, { nombre, edad: '7 meses', tags: ['curiosa'] });
    await openEdit(page, id);

    await page.getByLabel('Nombre').fill('Otro nombre');
    await page.getByLabel('Edad').fill('');
    await pick(page, 'Tamaño', 'chico');
    await page.getByRole('button', { name: 'Quitar etiqueta curiosa' }).click();
    await expect(page.getByText('Haz clic en "Generar Etiquetas"...')).toBeVisible();

    await page.getByRole('button', { name: 'REINICIAR' }).click();
    await expect(page.getByLabel('Nombre')).toHaveValue(nombre);
    await expect(page.getByLabel('Edad')).toHaveValue('7 meses');
    await expect(page.getByRole('combobox', { name: 'Tamaño', exact: true })).toHaveValue('grande');
    await expect(page.getByRole('button', { name: 'Quitar etiqueta curiosa' })).toBeVisible();
  });

  test('el nombre y la edad son obligatorios', async ({ page }) => {
    await signIn(page, 'staff');
    let saveCalls = 0;
    await page.route('**/phpApi/mascota/nueva', async (route) => {
      saveCalls += 1;
      await route.continue();
    });
    await page.goto('/agregar');
    await page.getByRole('button', { name: 'GUARDAR MASCOTA' }).click();
    await expect(page.getByText('El nombre es obligatorio.')).toBeVisible();
    await expect(page.getByText('La edad es obligatoria.')).toBeVisible();
    await expect(page).toHaveURL(/\/agregar$/);
    // The form's own check (the server's schema) stops the save before any request.
    expect(saveCalls).toBe(0);
  });

  test('una imagen principal de más de 150KB se rechaza con la alerta', async ({ page }) => {
    await signIn(page, 'staff');
    await page.goto('/agregar');
    await chooseFiles(page, page.getByRole('button', { name: 'Elegir imagen principal' }), [await oversizedPng('enorme.png')]);
    await expect(page.getByRole('alert').filter({ hasText: 'El peso de la imagen debe ser menor a 150KB' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Vista previa de enorme.png' })).toHaveCount(0);

    await chooseFiles(page, page.getByRole('button', { name: 'Elegir imagen principal' }), [await jpeg('chica.jpg', '#88aa55')]);
    await expect(page.getByRole('img', { name: 'Vista previa de chica.jpg' })).toBeVisible();
    await expect(page.getByText('El peso de la imagen debe ser menor a 150KB')).toHaveCount(0);
  });

  test('el diálogo de imágenes explica los archivos rechazados', async ({ page }) => {
    await signIn(page, 'staff');
    await page.goto('/agregar');
    await page.getByRole('button', { name: 'Agregar imágenes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Carga de Imágenes' });
    await chooseFiles(page, dialog.getByRole('button', { name: 'Elegir imágenes' }), [
      await jpeg('buena.jpg', '#123456'),
      { name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') },
    ]);
    await expect(dialog.getByText('1 imagen lista para agregar:')).toBeVisible();
    await expect(dialog.getByText('notas.txt: No es una imagen.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('img', { name: 'Vista previa de buena.jpg' })).toHaveCount(0);
  });

  test('guardar sobre una versión antigua muestra el conflicto y carga la versión más reciente', async ({ page, browser }) => {
    await signIn(page, 'staff');
    const id = await createPet(page, { nombre: `Duo ${unique()}`, edad: '1 año' });
    const other = await openSecondBrowser(browser, page);
    await openEdit(page, id);
    await openEdit(other, id);

    await page.getByLabel('Edad').fill('2 años');
    await page.getByRole('button', { name: 'GUARDAR MASCOTA' }).click();
    await expect(page.getByRole('dialog', { name: '¡Mascota Actualizada Exitosamente!' })).toBeVisible({ timeout: 20_000 });

    await other.getByLabel('Historia').fill('Cambio hecho sobre datos viejos.');
    await other.getByRole('button', { name: 'GUARDAR MASCOTA' }).click();
    const conflict = other.getByRole('dialog', { name: 'Error' });
    await expect(conflict).toContainText(
      'Otra persona guardó cambios en esta mascota mientras la editabas. Recarga para ver la versión más reciente antes de guardar.',
    );
    await expect(other.getByRole('dialog', { name: '¡Mascota Actualizada Exitosamente!' })).toHaveCount(0);
    await conflict.getByRole('button', { name: 'Cargar la versión más reciente' }).click();
    await expect(other.getByLabel('Edad')).toHaveValue('2 años');
    await expect(other.getByLabel('Historia')).toHaveValue('Llegó al refugio en invierno.');

    // Nothing of the stale save reached the server.
    const saved = (await (await page.request.get(`/phpApi/mascota/${id}`)).json()) as { historia: string };
    expect(saved.historia).toBe('Llegó al refugio en invierno.');
    await other.context().close();
  });

  test('identificador no válido, mascota inexistente y mensaje de carga', async ({ page }) => {
    await signIn(page, 'staff');
    await page.goto('/editar/abc');
    await expect(page.getByRole('alert')).toHaveText('Error: No se proporcionó un ID válido');
    await page.goto('/editar');
    await expect(page.getByRole('alert')).toHaveText('Error: No se proporcionó un ID válido');
    await page.goto('/editar/999999');
    await expect(page.getByRole('alert')).toContainText('Error al cargar la mascota: ');

    // While the pet loads, the SPEC's message shows.
    const id = await createPet(page, { nombre: `Lento ${unique()}` });
    await page.route(`**/phpApi/mascota/${id}`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(`/editar/${id}`);
    await expect(page.getByText('Cargando información de la mascota...')).toBeVisible();
    await expect(page.getByLabel('Nombre')).toHaveValue(/^Lento /);
  });
});

/** A second person (the administrator) in another browser, to edit the same pet at the same time. */
async function openSecondBrowser(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin, locale: 'es-ES' });
  const other = await context.newPage();
  await signIn(other, 'admin');
  return other;
}

test.describe('lista de mascotas', () => {
  test('la búsqueda y los filtros encuentran la mascota y quedan en la dirección', async ({ page }) => {
    await signIn(page, 'staff');
    const suffix = unique();
    const nombre = `Pelusa ${suffix}`;
    await createPet(page, { nombre, tipo: 'Conejo', tags: [`etq${suffix}`] });
    await page.goto('/');

    await page.getByRole('searchbox', { name: 'Buscar mascotas' }).fill(`pelusa ${suffix}`);
    await expect(page).toHaveURL(new RegExp(`[?&]q=pelusa\\+${suffix}`));
    await expect(page.getByRole('link', { name: nombre, exact: true })).toBeVisible();
    await expect(page.getByText('1 mascota', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Limpiar búsqueda' }).click();
    await expect(page).not.toHaveURL(/[?&]q=/);

    await page.getByRole('button', { name: 'Filtros' }).click();
    await pick(page, 'Tipo', 'Conejo');
    await page.getByLabel('Etiqueta').fill(`etq${suffix}`);
    await expect(page).toHaveURL(new RegExp(`tipo=Conejo.*tag=etq${suffix}|tag=etq${suffix}.*tipo=Conejo`));
    await expect(page.getByRole('link', { name: nombre, exact: true })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('link', { name: nombre, exact: true })).toBeVisible();
    await expect(page.getByText('1 mascota', { exact: true })).toBeVisible();

    await pick(page, 'Tipo', 'Perro');
    await expect(page.getByText('No hay mascotas que coincidan con la búsqueda o los filtros.')).toBeVisible();
    await page.getByRole('button', { name: 'Limpiar filtros' }).first().click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('eliminar desde la lista y deshacer', async ({ page }) => {
    await signIn(page, 'staff');
    const suffix = unique();
    const nombre = `Borra ${suffix}`;
    await createPet(page, { nombre });
    await page.goto(`/?q=${suffix}`);
    await expect(page.getByRole('link', { name: nombre, exact: true })).toBeVisible();

    await page.getByRole('button', { name: `Marcar a ${nombre} como adoptado` }).click();
    await expect(page.getByRole('button', { name: `Marcar a ${nombre} como no adoptado` })).toBeVisible();

    await page.getByRole('button', { name: `Eliminar a ${nombre}` }).click();
    await page
      .getByRole('dialog', { name: `¿Eliminar a ${nombre}?` })
      .getByRole('button', { name: 'Eliminar' })
      .click();
    await expect(page.getByText('Mascota eliminada')).toBeVisible();
    await expect(page.getByRole('link', { name: nombre, exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Deshacer' }).click();
    await expect(page.getByText('Mascota restaurada')).toBeVisible();
    await expect(page.getByRole('link', { name: nombre, exact: true })).toBeVisible();
  });
});

test.describe('detalle y galería', () => {
  test('Producto muestra todo y el visor recorre las imágenes con el teclado', async ({ page }) => {
    await signIn(page, 'staff');
    const nombre = `Sol ${unique()}`;
    const id = await createPet(page, { nombre, images: [await jpeg('a.jpg', '#aa0000'), await jpeg('b.jpg', '#00aa00')] });
    await page.goto(`/mascota/${id}`);
    await expect(page.getByRole('heading', { name: nombre, level: 1 })).toBeVisible();
    const datos = page.getByRole('table', { name: 'Datos de la mascota' });
    await expect(datos.getByRole('row', { name: /Fecha de ingreso/ })).toContainText('5 de marzo de 2024');
    await expect(datos.getByRole('row', { name: /Tamaño/ })).toContainText('grande');
    await expect(page.getByText('juguetón', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Editar', exact: true })).toHaveAttribute('href', `/editar/${id}`);

    await page.getByRole('button', { name: 'Ver imagen 1 a pantalla completa' }).click();
    const viewer = page.getByRole('dialog', { name: new RegExp(nombre) });
    await expect(viewer).toContainText('Imagen 1 de 2');
    await page.keyboard.press('ArrowRight');
    await expect(viewer).toContainText('Imagen 2 de 2');
    await page.keyboard.press('ArrowRight');
    await expect(viewer).toContainText('Imagen 1 de 2');
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
  });

  test('sin sesión, /imagenes muestra solo mascotas publicadas', async ({ page, browser }) => {
    await signIn(page, 'staff');
    const published = await createPet(page, { nombre: `Pub ${unique()}`, estado: 'publicada', images: [await jpeg('p.jpg', '#0055aa')] });
    const draft = await createPet(page, { nombre: `Borr ${unique()}`, images: [await jpeg('d.jpg', '#aa5500')] });

    const context = await browser.newContext({ baseURL: new URL(page.url()).origin, locale: 'es-ES' });
    const visitor = await context.newPage();
    await visitor.goto(`/imagenes/${published}`);
    await expect(visitor.getByRole('button', { name: 'Ver la imagen 1 a pantalla completa' })).toBeVisible();
    await expect(visitor.getByRole('button', { name: /Hacer principal/ })).toHaveCount(0);
    await visitor.goto(`/imagenes/${draft}`);
    await expect(visitor.getByRole('alert')).toContainText('la mascota no existe o todavía no está publicada');
    await context.close();
  });
});
