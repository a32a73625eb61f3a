import { expectAccessible } from './support/accessibility';
import { expect, openSecondBrowser, signIn, test } from './support/fixtures';
import { jpeg } from './support/media';
import { createPet, unique } from './support/pets';

/**
 * The foster portal (DESIGN section 12): staff create a foster's link, the foster opens it on a 390 px phone
 * without an account, sends news with a photo, a weight and a dose, and staff accept it in "Novedades de acogida".
 */

test('staff create the portal link, a foster sends news from a phone, staff accept it', async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'staff');
  const origin = { origin: new URL(page.url()).origin };
  const name = `Canela ${unique()}`;
  const petId = await createPet(page, { nombre: name, tipo: 'Perro' });
  const personRes = await page.request.post('/api/personas', {
    headers: origin,
    data: { nombre: 'Marta', apellidos: 'Acogida', email: `marta.${unique()}@example.com`, roles: ['acogida'] },
  });
  expect(personRes.status(), await personRes.text()).toBe(201);
  const personaId = ((await personRes.json()) as { id: number }).id;
  const pet = (await (await page.request.get(`/phpApi/mascota/${petId}`)).json()) as { version: number };
  const today = new Date().toISOString().slice(0, 10);
  const placed = await page.request.post(`/api/mascotas/${petId}/movimientos`, {
    headers: origin,
    data: { tipo: 'acogida', personaId, fecha: today, version: pet.version },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const care = await page.request.post(`/api/mascotas/${petId}/salud`, {
    headers: origin,
    data: { tipo: 'desparasitacion_interna', nombre: 'Pastilla', fechaProgramada: today },
  });
  expect(care.status(), await care.text()).toBe(201);
  // Staff create the link on the person page and copy it.
  await page.goto(`/personas/${personaId}`);
  const portalCard = page.getByRole('region', { name: 'Portal de acogida' });
  // "Revocar enlace" only once there is a link to revoke.
  await expect(portalCard.getByRole('button', { name: 'Crear enlace' })).toBeEnabled();
  await expect(portalCard.getByRole('button', { name: 'Revocar enlace' })).toHaveCount(0);
  await portalCard.getByRole('button', { name: 'Crear enlace' }).click();
  await expect(portalCard.getByRole('button', { name: 'Revocar enlace' })).toBeVisible();
  const url = await portalCard.getByLabel('Enlace del portal').inputValue();
  expect(url).toMatch(/\/portal\/[A-Za-z0-9_-]{43}$/);
  await expectAccessible(page, 'Persona con el enlace del portal');

  const org = (await (await page.request.get('/api/organizacion')).json()) as { nombre: string | null };

  // The foster, on a phone, without an account.
  const phone = await openSecondBrowser(browser, baseURL);
  await phone.page.setViewportSize({ width: 390, height: 844 });
  await phone.page.goto(new URL(url).pathname);
  await expect(phone.page.getByRole('heading', { name: 'Hola, Marta', level: 1 })).toBeVisible();
  const card = phone.page.getByRole('region', { name });
  await expect(card.getByText(/^Pastilla:/)).toBeVisible();
  // The page wears the organisation's name, and its fields are a thumb's size: the weight, and the photo picker's
  // own button in place of the browser's bare "No file chosen" input.
  await expect(phone.page.locator('.site-header .brand')).toHaveText(org.nombre ?? 'Portal de acogida');
  const weight = card.getByLabel('Peso en kg (opcional)');
  await expect(weight).toHaveAttribute('inputmode', 'decimal');
  expect((await weight.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  const chooser = card.getByText('Elegir fotos', { exact: true });
  expect((await chooser.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect((await card.locator('input[type=file]').boundingBox())!.width).toBeLessThanOrEqual(1);
  await expect(card.getByRole('status').filter({ hasText: 'Ninguna foto elegida.' })).toBeVisible();
  await expectAccessible(phone.page, 'Portal de acogida en un móvil');
  await card.getByLabel(`¿Cómo está ${name}?`).fill('Come muy bien y ya pasea sin miedo.');
  await card.getByLabel('Peso en kg (opcional)').fill('11,5');
  await card.getByLabel('He dado esta dosis').selectOption({
    label: `Pastilla (${new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${today}T00:00:00Z`))})`,
  });
  await card.getByLabel(/Fotos \(hasta/).setInputFiles([await jpeg('paseo.jpg', '#c86b3c')]);
  await expect(card.getByRole('img', { name: 'Foto 1 elegida' })).toBeVisible();
  await expect(card.getByText('paseo.jpg')).toBeVisible();
  await expect(card.getByText('1 foto elegida.')).toBeVisible();
  await card.getByRole('button', { name: 'Enviar novedad' }).click();
  await expect(card.getByRole('status').filter({ hasText: /Hemos recibido tu novedad/ })).toBeVisible();
  await expect(card.getByLabel(`¿Cómo está ${name}?`)).toHaveValue('');
  await expectAccessible(phone.page, 'Portal de acogida tras enviar');
  // An unknown link shows one neutral message.
  await phone.page.goto(`/portal/${'x'.repeat(43)}`);
  await expect(phone.page.getByRole('heading', { name: 'Enlace no disponible' })).toBeVisible();
  await expectAccessible(phone.page, 'Portal con un enlace desconocido');
  await phone.context.close();

  // Staff review it.
  await page.goto('/novedades-acogida');
  const news = page.getByRole('article', { name });
  await expect(news.getByText('Come muy bien y ya pasea sin miedo.')).toBeVisible();
  await expect(news.getByText('Peso: 11,5 kg')).toBeVisible();
  await expect(news.getByText('Dosis dada: Pastilla')).toBeVisible();
  await expectAccessible(page, 'Novedades de acogida');
  await news.getByRole('button', { name: 'Aceptar' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Fotos que se añadirán a la galería: 1 de 1.', { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByText('Novedad aceptada.')).toBeVisible();
  await expect(news).toBeHidden();
  const health = (await (await page.request.get(`/api/mascotas/${petId}/salud`)).json()) as { pesos: { kg: number }[] };
  expect(health.pesos.map((p) => p.kg)).toContain(11.5);
});
