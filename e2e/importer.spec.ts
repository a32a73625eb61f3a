import { zip } from '../apps/server/test/importer/zip-builder';
import { expectAccessible } from './support/accessibility';
import { expect, signIn, test } from './support/fixtures';
import { jpeg } from './support/media';
import { unique } from './support/pets';

/**
 * Importing what the shelter already has (DESIGN section 18): a spreadsheet of pets is read, its columns mapped from
 * the Spanish headers, the dry run names the row whose microchip the spreadsheet turned into a number, the rest is
 * imported as a job with a progress bar, and the import is undone.
 */

test('a spreadsheet of pets is mapped, tried, imported with its progress and undone', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin');
  const tag = unique();
  // A 15-digit microchip no other pet of the run has.
  const chip = `941${String(Date.now()).slice(-9)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  const csv = [
    'Nombre;Especie;Sexo;Tamaño;Chip;Fecha de entrada',
    `Toña ${tag};Perra;;Pequeño;${chip};01/02/2024`,
    `Ñoño ${tag};Perro;Macho;Grande;9,41E+14;03/02/2024`,
  ].join('\r\n');

  await page.goto('/importar');
  await expect(page.getByRole('heading', { level: 1, name: 'Importar' })).toBeVisible();
  await expectAccessible(page, 'Importar: elegir archivo');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Elegir hoja de cálculo' }).click();
  await (await chooser).setFiles({ name: 'mascotas.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'latin1') });

  const mapping = page.getByRole('table', { name: /Columnas del archivo/ });
  await expect(mapping.getByRole('rowheader', { name: 'Chip' })).toBeVisible();
  await expect(page.locator('input[aria-label="Dato para la columna «Chip»"]')).toHaveValue('Microchip');
  await expectAccessible(page, 'Importar: asignación de columnas');

  await page.getByRole('button', { name: 'Probar sin guardar' }).click();
  const report = page.getByRole('table', { name: /Filas con errores/ });
  await expect(report).toContainText('notación científica');
  await expect(report).toContainText('formato de texto');
  await expectAccessible(page, 'Importar: resultado de la prueba');

  await page.getByRole('button', { name: 'Importar 1 fila' }).click();
  await page.getByRole('dialog', { name: '¿Importar ahora?' }).getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByRole('progressbar', { name: /Progreso de la importación/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Importación terminada' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: 'filas' })).toContainText('1 creado');
  await expectAccessible(page, 'Importar: terminada');

  await page.getByRole('button', { name: 'Deshacer importación' }).click();
  await page.getByRole('dialog', { name: '¿Deshacer la importación?' }).getByRole('button', { name: 'Deshacer' }).click();
  await expect(page.getByRole('heading', { name: 'Importación deshecha' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'filas' })).toContainText('Deshecha: 1 quitados, 0 conservados');
});

test('a .zip of pets and their photos: the photo column is suggested and the pet gets its photo', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin');
  const nombre = `Kira ${unique()}`;
  const photo = await jpeg('kira.jpg', '#c8643c');
  const archive = zip([
    { name: 'mascotas.csv', data: Buffer.from(['Nombre;Especie;Sexo;Foto', `${nombre};Perra;;kira.jpg`].join('\r\n'), 'latin1') },
    { name: 'fotos/kira.jpg', data: photo.buffer },
  ]);

  await page.goto('/importar');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Elegir hoja de cálculo' }).click();
  await (await chooser).setFiles({ name: 'mascotas.zip', mimeType: 'application/zip', buffer: archive });
  await expect(page.locator('input[aria-label="Dato para la columna «Foto»"]')).toHaveValue('Foto (nombre del archivo en el .zip)');

  await page.getByRole('button', { name: 'Probar sin guardar' }).click();
  await page.getByRole('button', { name: 'Importar 1 fila' }).click();
  await page.getByRole('dialog', { name: '¿Importar ahora?' }).getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByRole('heading', { name: 'Importación terminada' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: 'filas' })).toContainText('1 creado');

  const list = (await (await page.request.get(`/phpApi/mascotas?q=${encodeURIComponent(nombre)}`)).json()) as {
    items: { nombre: string; thumbnailUrl: string | null }[];
  };
  expect(list.items.map((p) => [p.nombre, p.thumbnailUrl !== null])).toEqual([[nombre, true]]);
});

test('a sheet without microchips: the entry and its origin are told, the history names the file and row, and the same sheet again asks before duplicating', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin');
  const nombre = `Tambor ${unique()}`;
  const csv = ['Nombre,Especie,Sexo,Fecha de entrada,Procedencia', `${nombre},Conejo,Macho,05/03/2024,Abandono`, ',,,,'].join('\r\n');
  const upload = async () => {
    await page.goto('/importar');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Elegir hoja de cálculo' }).click();
    await (await chooser).setFiles({ name: 'conejos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    // The empty row is not a row of data.
    await expect(page.getByText(/^1 fila de mascotas/)).toBeVisible();
    await expect(page.locator('input[aria-label="Dato para la columna «Procedencia»"]')).toHaveValue('Procedencia');
    await page.getByRole('button', { name: 'Probar sin guardar' }).click();
  };

  await upload();
  await page.getByRole('button', { name: 'Importar 1 fila' }).click();
  await page.getByRole('dialog', { name: '¿Importar ahora?' }).getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByRole('heading', { name: 'Importación terminada' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: 'filas' })).toContainText('1 de 1 filas: 1 creado');

  const list = (await (await page.request.get(`/phpApi/mascotas?q=${encodeURIComponent(nombre)}`)).json()) as { items: { id: number }[] };
  const id = list.items[0]!.id;
  const pet = (await (await page.request.get(`/phpApi/mascota/${id}`)).json()) as { tamano: string; edad: string; procedencia: string };
  expect([pet.tamano, pet.edad, pet.procedencia]).toEqual(['', '', 'abandono']);
  await page.goto(`/mascota/${id}`);
  await expect(page.getByRole('list', { name: 'Historial de la mascota' })).toContainText('(importado de conejos.csv, fila 2)');
  // The entry movement tells where the animal came from, the one truth the pet's details read too.
  await expect(page.getByRole('region', { name: 'Dónde está' })).toContainText('Procedencia: Abandono');

  // The corrected sheet uploaded again, as the importer advises: nothing new unless the person says so.
  await upload();
  const report = page.getByRole('table', { name: /Filas con errores/ });
  await expect(report).toContainText('Posible duplicado');
  await expect(page.getByRole('button', { name: 'Importar 0 filas' })).toBeDisabled();
  await expectAccessible(page, 'Importar: posible duplicado');
  // The tick is the server's decision on the dry run (it answers, then the box shows it): clicked, then awaited.
  const include = page.getByRole('checkbox', { name: 'Importar igualmente la fila 2' });
  await include.click();
  await expect(include).toBeChecked();
  await expect(page.getByRole('button', { name: 'Importar 1 fila' })).toBeEnabled();
  await include.click();
  await expect(include).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Importar 0 filas' })).toBeDisabled();
});
