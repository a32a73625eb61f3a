import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { expect, signIn, test } from './support/fixtures';
import { type Payload, jpeg, webm } from './support/media';
import { unique } from './support/pets';

/*
 * Intake from outside rescuers: staff create a package and a link and copy its URL; a rescuer on a 390 px
 * phone registers a pet with photos and a video through the link, step by step; the used-up link explains
 * itself; staff approve the request and find the new draft pet with its media.
 */

async function chooseFiles(page: Page, button: Locator, files: Payload[]) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(files);
}

test('paquete, enlace, registro desde el teléfono, enlace agotado y aprobación con sus fotos y video', async ({ page, browser, baseURL }) => {
  const suffix = unique();
  const packageName = `Rescatistas ${suffix}`;
  const recipient = `Red de rescate ${suffix}`;
  const petName = `Pelusa ${suffix}`;

  // Staff: a package for one pet per link, then a link under it.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'staff');
  await page.goto('/paquetes');
  await page.getByRole('button', { name: 'Nuevo paquete' }).click();
  const packageForm = page.getByRole('form', { name: 'Nuevo paquete' });
  await expect(packageForm).toBeVisible();
  await expectAccessible(page, '/paquetes, nuevo paquete');
  await packageForm.getByLabel('Nombre').fill(packageName);
  await packageForm.getByLabel('Mascotas por enlace').fill('1');
  await packageForm.getByLabel('Días de vigencia').fill('15');
  await packageForm.getByRole('button', { name: 'Crear paquete' }).click();
  await expect(page.getByRole('article', { name: packageName })).toContainText('En uso por 0 enlaces');
  await expectAccessible(page, '/paquetes');

  await page.goto('/enlaces-admin');
  await page.getByRole('combobox', { name: 'Paquete' }).click();
  await page.getByRole('option', { name: new RegExp(packageName) }).click();
  await page.getByLabel('Destinatario').fill(recipient);
  await page.getByLabel('Correo electrónico').fill('red@example.org');
  await page.getByRole('button', { name: 'Crear enlace' }).click();
  const card = page.getByRole('article', { name: `Enlace de ${recipient}` }).first();
  await expect(card).toContainText('Registradas: 0 de 1');
  // The QR code opens the phone form; both addresses can be copied.
  await expect(card.getByRole('img', { name: `Código QR del enlace para teléfonos de ${recipient}` })).toBeVisible();
  await expectAccessible(page, '/enlaces-admin con un enlace recién creado');
  await card.getByRole('button', { name: 'Copiar enlace para teléfonos', exact: true }).click();
  await expect(card.getByRole('button', { name: 'Copiado' })).toBeVisible();
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toMatch(/\/registro-mascota-mobile\?enlace=[\w-]{22,}$/);
  await expect(card.getByRole('button', { name: 'Copiar enlace para teléfonos', exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Copiar enlace', exact: true }).click();
  await expect(card.getByRole('button', { name: 'Copiado' })).toBeVisible();
  const url = await page.evaluate<string>('navigator.clipboard.readText()');
  expect(url).toMatch(/\/registro-mascota\/[\w-]{22,}$/);
  const linkId = url.slice(url.lastIndexOf('/') + 1);

  // The same link on a computer: the form, with the link's recipient.
  await page.goto(`/registro-mascota/${linkId}`);
  await expect(page.getByText(`Enlace para ${recipient}`)).toBeVisible();
  await expectAccessible(page, '/registro-mascota/{id} con un enlace válido');

  // A rescuer on a phone, signed out, step by step through the link.
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'es-ES' });
  const mobile = await phone.newPage();
  await mobile.goto(`/registro-mascota-mobile?enlace=${linkId}`);
  await expect(mobile.getByText(`Enlace para ${recipient}`)).toBeVisible();
  await expectAccessible(mobile, '/registro-mascota-mobile con enlace, 390 px');
  await mobile.getByLabel('Tu nombre').fill('Rita Rescatista');
  await mobile.getByLabel('Tu correo electrónico').fill('rita@example.org');
  await mobile.getByRole('button', { name: 'Siguiente' }).click();
  await mobile.getByRole('button', { name: 'Siguiente' }).click();
  await expect(mobile.getByText('El nombre es obligatorio.')).toBeVisible();
  await expectAccessible(mobile, '/registro-mascota-mobile, paso con un error, 390 px');
  await mobile.getByLabel('Nombre de la mascota').fill(petName);
  await mobile.getByLabel('Edad').fill('8 meses');
  await mobile.getByLabel('Tipo').selectOption('Gato');
  await mobile.getByRole('button', { name: 'Siguiente' }).click();
  await mobile.getByLabel('Historia').fill('Encontrada bajo la lluvia.');
  await mobile.getByRole('button', { name: 'Siguiente' }).click();
  await chooseFiles(mobile, mobile.getByRole('button', { name: 'Tomar o elegir foto principal' }), [await jpeg('principal.jpg', '#c08040', 160)]);
  await chooseFiles(mobile, mobile.getByRole('button', { name: 'Agregar fotos' }), [await jpeg('otra.jpg', '#4080c0')]);
  await chooseFiles(mobile, mobile.getByRole('button', { name: 'Agregar videos' }), [webm('juego.webm')]);
  await expect(mobile.getByText('juego.webm')).toBeVisible();
  await expectAccessible(mobile, '/registro-mascota-mobile, fotos y video elegidos, 390 px');
  await mobile.getByRole('button', { name: 'Siguiente' }).click();
  await mobile.getByRole('button', { name: 'Enviar registro' }).click();
  await expect(mobile.getByRole('heading', { name: '¡Registro enviado!' })).toBeVisible();
  await expect(mobile.getByLabel(/Número de referencia \d+/)).toBeVisible();
  await expectAccessible(mobile, '/registro-mascota-mobile, registro enviado, 390 px');
  const noScroll = await mobile.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth');
  expect(noScroll).toBe(true);

  // The link registered all it could: it explains itself instead of showing the form.
  await mobile.goto(`/registro-mascota/${linkId}`);
  await expect(mobile.getByRole('alert')).toContainText('ya registró todas las mascotas que permitía');
  await expect(mobile.getByRole('form', { name: 'Registro de mascota' })).toHaveCount(0);
  await expectAccessible(mobile, '/registro-mascota/{id} de un enlace agotado, 390 px');
  await phone.close();

  // Staff approve it and find the draft pet with its photos and video.
  await page.goto('/solicitud-publicacion');
  await expect(page.getByRole('button', { name: `Ver solicitud de ${petName}` })).toBeVisible();
  await expectAccessible(page, '/solicitud-publicacion');
  await page.getByRole('button', { name: `Ver solicitud de ${petName}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Rita Rescatista');
  await expect(dialog).toContainText(`${recipient} · ${packageName}`);
  await expect(dialog.getByRole('img', { name: 'Foto principal: principal.jpg' })).toBeVisible();
  await expectAccessible(page, '/solicitud-publicacion, detalle de una solicitud');
  await dialog.getByRole('button', { name: 'Aprobar y crear borrador' }).click();
  await expect(page).toHaveURL(/\/editar\/\d+$/);
  const petId = page.url().split('/').pop() ?? '';
  await page.goto(`/mascota/${petId}`);
  await expect(page.getByRole('img', { name: `${petName}, imagen principal` })).toBeVisible();
  // The gallery counts as the viewer does: the main image is 1, the request's other photo 2.
  await expect(page.getByRole('button', { name: 'Ver imagen 2 a pantalla completa' })).toBeVisible();
  await expect(page.getByLabel(/^Video juego/)).toBeVisible();
});

test('sin sesión, /enlaces-admin lleva al inicio de sesión', async ({ page }) => {
  await page.goto('/enlaces-admin');
  await expect(page).toHaveURL(/\/login/);
});
