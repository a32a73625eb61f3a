import { expectAccessible } from './support/accessibility';
import { expect, openSecondBrowser, signIn, test } from './support/fixtures';
import { createPet, unique, uniqueMicrochip } from './support/pets';

/**
 * Inspection links (DESIGN section 16): an administrator opens a read-only link on "Inspecciones" and copies it; the
 * inspector opens it on a 390 px phone without an account, finds an animal of the register book by its microchip
 * and reads its identity, care and movements; the administrator then sees what was read.
 */

test('an administrator opens an inspection link, an inspector reads an animal on a phone', async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin');
  const origin = { origin: new URL(page.url()).origin };
  const name = `Bruma ${unique()}`;
  const chip = uniqueMicrochip();
  const petId = await createPet(page, { nombre: name, tipo: 'Perro', microchip: chip });
  const today = new Date().toISOString().slice(0, 10);
  const care = await page.request.post(`/api/mascotas/${petId}/salud`, {
    headers: origin,
    data: { tipo: 'vacuna', nombre: 'Rabia', fechaRealizada: today, lote: 'LOTE-9', veterinario: 'Dra. Gil' },
  });
  expect(care.status(), await care.text()).toBe(201);

  // The screen is in the menu for administrators.
  await page.goto('/');
  await page.getByRole('button', { name: 'Más secciones' }).click();
  await page.getByRole('link', { name: 'Inspecciones' }).click();
  await expect(page.getByRole('heading', { name: 'Inspecciones', level: 1 })).toBeVisible();
  const inspector = `Inspectora ${unique()}`;
  await page.getByLabel(/Nombre de quien inspecciona/).fill(inspector);
  await page.getByLabel(/^Organismo/).fill('Servicio de Sanidad Animal');
  await page.getByRole('button', { name: 'Abrir enlace' }).click();
  const address = page.getByLabel('Dirección del enlace');
  await expect(address).toBeVisible();
  const url = await address.inputValue();
  expect(url).toMatch(/\/inspeccion\/[A-Za-z0-9_-]{43}$/);
  const card = page.getByRole('article', { name: `${inspector} · Servicio de Sanidad Animal` });
  await expect(card.getByText('Activa')).toBeVisible();
  await expect(card.getByText('Nadie ha consultado aún este enlace.')).toBeVisible();
  await expectAccessible(page, 'Inspecciones con un enlace abierto');

  // The inspector, on a phone, without an account.
  const phone = await openSecondBrowser(browser, baseURL);
  await phone.page.setViewportSize({ width: 390, height: 844 });
  await phone.page.goto(new URL(url).pathname);
  await expect(phone.page.getByRole('heading', { name: 'Libro de registro', level: 1 })).toBeVisible();
  await expect(phone.page.getByText(new RegExp(`${inspector} \\(Servicio de Sanidad Animal\\)`))).toBeVisible();
  await phone.page.getByLabel('Buscar por microchip o número de línea').fill(chip);
  const lines = phone.page.getByRole('list', { name: 'Líneas del libro' });
  await expect(lines.getByRole('button')).toHaveCount(1);
  await expect(lines.getByRole('button')).toContainText(chip);
  expect((await lines.getByRole('button').boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await expectAccessible(phone.page, 'Libro de registro de la inspección en un móvil');
  await lines.getByRole('button').click();
  await expect(phone.page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(phone.page.getByRole('region', { name: 'Identificación' })).toContainText(chip);
  await expect(phone.page.getByRole('region', { name: 'Registro sanitario' })).toContainText('Vacuna: Rabia; lote LOTE-9; veterinario Dra. Gil');
  await expect(phone.page.getByRole('region', { name: 'Movimientos' })).toBeVisible();
  // Nothing on the page can change anything: no form field beyond the book's search, no write button.
  await expect(phone.page.getByRole('textbox')).toHaveCount(0);
  await expectAccessible(phone.page, 'Ficha de un animal para la inspección en un móvil');
  // The browser's back button returns to the book.
  await phone.page.goBack();
  await expect(phone.page.getByRole('heading', { name: 'Libro de registro', level: 1 })).toBeVisible();
  await phone.context.close();

  // The administrator sees what was read, and revokes the link after confirming.
  await page.reload();
  await expect(card.getByText('2 consultas', { exact: true })).toBeVisible();
  await card.getByText('2 consultas', { exact: true }).click();
  await expect(card.getByRole('list', { name: `Consultas de ${inspector}` })).toContainText(`ficha del animal ${name}`);
  await card.getByRole('button', { name: 'Revocar' }).click();
  const dialog = page.getByRole('dialog', { name: `¿Revocar el enlace de ${inspector}?` });
  await dialog.getByRole('button', { name: 'Revocar' }).click();
  await expect(card.getByText('Revocada')).toBeVisible();
  const after = await page.request.get(`/api/inspeccion/${new URL(url).pathname.split('/').pop()}`);
  expect(after.status()).toBe(404);
});
