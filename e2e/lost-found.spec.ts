import { expectAccessible } from './support/accessibility';
import { expect, signIn, test } from './support/fixtures';
import { jpeg } from './support/media';
import { unique, uniqueMicrochip } from './support/pets';

/**
 * Lost and found (DESIGN section 19). On a 390 px phone a stranger reports a lost dog at /perdidos with a photo and gets
 * the private link; another stranger, on another phone, reports a found dog with the same microchip there too; the public list
 * shows both without contact data; staff open the lost report in "Perdidos y encontrados", see the found one first
 * among its candidates, with its photo, and close the report as reunited; the owner's link shows it closed, opens it
 * again and closes it after confirming. A reload keeps what was typed; each photo has its thumbnail and remove button.
 */

test('a lost dog reported from a phone is matched to a found one and closed as reunited', async ({ page, browser, baseURL }) => {
  const tag = unique();
  const chip = uniqueMicrochip();
  const town = `Villa ${tag}`;
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

  const phoneContext = await browser.newContext({ baseURL, locale: 'es-ES', viewport: { width: 390, height: 844 } });
  const phone = await phoneContext.newPage();
  await phone.goto('/perdidos');
  await expect(phone.getByRole('heading', { level: 1, name: 'Animales perdidos y encontrados' })).toBeVisible();
  await phone.getByRole('button', { name: 'Publicar un aviso' }).click();
  await phone.getByRole('radio', { name: 'Se me ha perdido' }).check();
  await phone.getByRole('group', { name: 'Especie' }).getByRole('radio', { name: 'Perro' }).check();
  await phone.getByRole('group', { name: 'Sexo' }).getByRole('radio', { name: 'Macho' }).check();
  await phone.getByRole('group', { name: 'Tamaño' }).getByRole('radio', { name: 'Mediano' }).check();
  await phone.getByLabel('Color').fill('Canela con el pecho blanco');
  // Android reloads the tab after the camera: what was typed comes back.
  await phone.reload();
  await expect(phone.getByLabel('Color')).toHaveValue('Canela con el pecho blanco');
  await expect(phone.getByRole('radio', { name: 'Se me ha perdido' })).toBeChecked();
  await phone.getByLabel('Microchip (si lo sabes)').fill(chip);
  await phone.getByLabel(/Fotos \(hasta 3\)/).setInputFiles([await jpeg('toby.jpg', '#c08040'), await jpeg('otra.jpg', '#804020')]);
  await expect(phone.getByRole('img', { name: 'Foto 2 elegida' })).toBeVisible();
  await phone.getByRole('button', { name: 'Quitar foto 2' }).click();
  await expect(phone.getByRole('img', { name: /elegida/ })).toHaveCount(1);
  await phone.getByLabel('Municipio', { exact: true }).fill(town);
  await phone.getByLabel('Código postal').fill('50001');
  await phone.getByLabel('Fecha').fill(yesterday);
  await phone.getByLabel('Descripción').fill('Se escapó en el parque con un collar rojo.');
  // Sending without the privacy notice accepted: refused on its field, nothing typed is lost.
  await phone.getByLabel('Teléfono o correo').fill('612 345 678');
  await phone.getByRole('button', { name: 'Publicar el aviso' }).click();
  await expect(phone.getByRole('alert')).toContainText('Revisa los campos marcados');
  await expect(phone.getByLabel(/acepto el aviso de privacidad/)).toBeFocused();
  await expectAccessible(phone, 'Publicar un aviso en un móvil');
  await phone.getByLabel(/acepto el aviso de privacidad/).check();
  await phone.getByRole('button', { name: 'Publicar el aviso' }).click();
  await expect(phone.getByRole('heading', { name: 'Aviso publicado' })).toBeVisible();
  const privateUrl = (await phone.locator('.private-link').textContent())!;
  expect(privateUrl).toMatch(/\/aviso\/[A-Za-z0-9_-]{22,}$/);
  await expect(phone.getByRole('link', { name: 'Compartir por WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=SE%20BUSCA/);
  await expectAccessible(phone, 'Aviso publicado en un móvil');
  const token = privateUrl.split('/aviso/')[1]!;
  const lost = (await (await phone.request.get(`/api/public/avisos/${token}`)).json()) as { id: number };

  // Another stranger, on their own phone, reports the dog found at /perdidos, with the same microchip.
  const finderContext = await browser.newContext({ baseURL, locale: 'es-ES', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const finder = await finderContext.newPage();
  await finder.goto('/perdidos');
  await finder.getByRole('button', { name: 'Publicar un aviso' }).click();
  await finder.getByRole('radio', { name: 'Lo he encontrado' }).check();
  await finder.getByRole('group', { name: 'Especie' }).getByRole('radio', { name: 'Perro' }).check();
  await finder.getByRole('group', { name: 'Sexo' }).getByRole('radio', { name: 'Macho' }).check();
  await finder.getByRole('group', { name: 'Tamaño' }).getByRole('radio', { name: 'Mediano' }).check();
  await finder.getByLabel('Color').fill('canela');
  await finder.getByLabel('Microchip (si lo sabes)').fill(chip);
  await finder.getByLabel(/Fotos \(hasta 3\)/).setInputFiles(await jpeg('encontrado.jpg', '#b07030'));
  await finder.getByLabel('Municipio', { exact: true }).fill(town);
  await finder.getByLabel('Código postal').fill('50002');
  await finder.getByLabel('Fecha').fill(yesterday);
  await finder.getByLabel('Descripción').fill('Estaba en la puerta del colegio, muy asustado.');
  await finder.getByLabel('Teléfono o correo').fill('encontre@example.com');
  await finder.getByLabel(/acepto el aviso de privacidad/).check();
  await expectAccessible(finder, 'Publicar un animal encontrado en un móvil');
  await finder.getByRole('button', { name: 'Publicar el aviso' }).click();
  await expect(finder.getByRole('heading', { name: 'Aviso publicado' })).toBeVisible();
  await expect(finder.getByRole('link', { name: 'Compartir por WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=ENCONTRADO/);
  const finderUrl = (await finder.locator('.private-link').textContent())!;
  const foundToken = finderUrl.split('/aviso/')[1]!;
  const foundId = ((await (await finder.request.get(`/api/public/avisos/${foundToken}`)).json()) as { id: number }).id;
  await finderContext.close();

  // The public list shows both, without contact data.
  await phone.goto('/perdidos');
  await phone.getByRole('button', { name: 'Ver avisos' }).click();
  await phone.getByLabel('Municipio').fill(town);
  await expect(phone.getByRole('status').filter({ hasText: '2 avisos' })).toBeVisible();
  await expect(phone.locator(`#aviso-${lost.id}`)).toContainText('SE BUSCA');
  await expect(phone.locator(`#aviso-${foundId}`)).toContainText('ENCONTRADO');
  await expect(phone.getByText('612 345 678')).toHaveCount(0);
  await expect(phone.getByText('encontre@example.com')).toHaveCount(0);
  await expectAccessible(phone, 'Lista de avisos en un móvil');

  // Staff see the found dog first among the lost one's candidates, side by side with its photo, and close it as reunited.
  await signIn(page, 'staff');
  await page.goto('/perdidos-encontrados');
  await expect(page.getByRole('heading', { level: 1, name: 'Perdidos y encontrados' })).toBeVisible();
  await page.goto(`/perdidos-encontrados/${lost.id}`);
  const candidates = page.getByRole('region', { name: 'Posibles coincidencias' });
  const first = candidates.getByRole('listitem').first();
  await expect(first).toContainText('Mismo microchip');
  await expect(first.getByRole('link', { name: `Abrir el aviso nº ${foundId}` })).toBeVisible();
  await expect(first.getByRole('img')).toHaveJSProperty('complete', true);
  await expect(page.getByRole('img', { name: `Foto 1 del aviso ${lost.id}` })).toBeVisible();
  await expect(page.getByText('612 345 678')).toBeVisible();
  await expectAccessible(page, 'Un aviso con sus coincidencias');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'Un aviso con sus coincidencias en un móvil');
  await page.getByRole('button', { name: 'Marcar como reunido' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Marcar como reunido' }).click();
  await expect(page.getByText('Aviso reunido.')).toBeVisible();
  await expect(page.getByText('Aviso reunido', { exact: true })).toBeVisible();

  // The owner's link shows the report closed; the public list no longer has it.
  await phone.goto(`/aviso/${token}`);
  await expect(phone.getByText('Cerrado: reunido con su familia')).toBeVisible();
  await expectAccessible(phone, 'El aviso reunido en un móvil');
  // Staff closed it: the owner's link says to write to the shelter and offers no way to open it again (the owner's own
  // closing, which can be undone, is the aviso page's component test and the server's).
  await expect(phone.getByText('La protectora cerró este aviso: escríbeles si quieres que vuelva a publicarse.')).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Volver a abrir el aviso' })).toHaveCount(0);
  const open = (await (await phone.request.get(`/api/public/avisos?municipio=${encodeURIComponent(town)}`)).json()) as { items: { id: number }[] };
  expect(open.items.map((i) => i.id)).toEqual([foundId]);
  await phoneContext.close();
});
