import { expectAccessible } from './support/accessibility';
import { expect, openSecondBrowser, signIn, test } from './support/fixtures';
import { jpeg } from './support/media';
import { createPet, unique } from './support/pets';

/**
 * Follow-up after adoption (DESIGN section 13): staff adopt a pet out (through the API), send the first check-in
 * now by WhatsApp from the pet page, the adopter opens the link on a 390 px phone and answers "Necesito ayuda"
 * with a comment and a photo, and staff see it at once in Pendientes and in Seguimientos.
 */

test('a check-in sent now is answered from a phone with "Necesito ayuda", and staff see it in Pendientes and Seguimientos', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'staff');
  const origin = { origin: new URL(page.url()).origin };
  const name = `Luna ${unique()}`;
  const petId = await createPet(page, { nombre: name, tipo: 'Perro' });
  const personRes = await page.request.post('/api/personas', {
    headers: origin,
    data: {
      nombre: 'Ana',
      apellidos: 'Adoptante',
      email: `ana.${unique()}@example.com`,
      telefono: '600 111 222',
      roles: ['adoptante'],
      consentimientos: { email: true, whatsapp: true },
    },
  });
  expect(personRes.status(), await personRes.text()).toBe(201);
  const personaId = ((await personRes.json()) as { id: number }).id;
  const pet = (await (await page.request.get(`/phpApi/mascota/${petId}`)).json()) as { version: number };
  const today = new Date().toISOString().slice(0, 10);
  const adopted = await page.request.post(`/api/mascotas/${petId}/movimientos`, {
    headers: origin,
    data: { tipo: 'adopcion', personaId, fecha: today, version: pet.version },
  });
  expect(adopted.status(), await adopted.text()).toBe(201);

  // "Enviar ahora" by WhatsApp on the pet page: the click-to-chat link opens in a new tab (answered here, offline).
  await page.context().route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }));
  await page.goto(`/mascota/${petId}`);
  const section = page.getByRole('region', { name: 'Seguimiento' });
  const first = section.getByRole('article').first();
  await expect(first).toContainText('Seguimiento');
  await expectAccessible(page, 'Mascota con su seguimiento');
  await first.getByRole('button', { name: 'Enviar ahora' }).click();
  const popup = page.waitForEvent('popup');
  await page.getByRole('menuitem', { name: 'Por WhatsApp' }).click();
  const chat = await popup;
  const text = new URL(chat.url()).searchParams.get('text') ?? '';
  const link = /https?:\/\/\S+\/seguimiento\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
  expect(link, text).toBeDefined();
  await chat.close();

  // The adopter, on a phone, without an account.
  const phone = await openSecondBrowser(browser, baseURL);
  await phone.page.setViewportSize({ width: 390, height: 844 });
  await phone.page.goto(new URL(link!).pathname);
  await expect(phone.page.getByRole('heading', { name: 'Hola, Ana', level: 1 })).toBeVisible();
  const question = phone.page.getByRole('group', { name: `¿Qué tal está ${name}?` });
  await expect(question.getByRole('radio')).toHaveCount(3);
  await expectAccessible(phone.page, 'Seguimiento en un móvil');
  await question.getByRole('radio', { name: 'Necesito ayuda' }).check();
  await expect(phone.page.getByText(/La protectora se pondrá en contacto contigo/)).toBeVisible();
  await phone.page.getByLabel('Cuéntanos más (opcional)').fill('No quiere comer desde ayer.');
  await phone.page.getByLabel(/Fotos \(hasta/).setInputFiles([await jpeg('luna.jpg', '#3c6bc8')]);
  await expect(phone.page.getByRole('img', { name: 'Foto 1 elegida' })).toBeVisible();
  await phone.page.getByRole('button', { name: 'Enviar' }).click();
  await expect(phone.page.getByRole('heading', { name: '¡Gracias por contárnoslo!' })).toBeVisible();
  await expect(phone.page.getByText(/se pondrá en contacto contigo lo antes posible/)).toBeVisible();
  await expectAccessible(phone.page, 'Seguimiento respondido en un móvil');
  await phone.context.close();

  // Staff: counted at once in Pendientes, and the answer with its photo in Seguimientos.
  await page.goto('/seguimientos');
  await page.getByRole('button', { name: /^Abrir panel lateral/ }).click();
  const panel = page.getByRole('dialog', { name: 'Panel lateral' });
  const helpLink = panel.getByRole('link', { name: /^Adoptantes que piden ayuda\s*\d+$/ });
  await expect(helpLink).not.toHaveText(/\s0$/);
  await helpLink.click();
  await expect(page).toHaveURL(/\/seguimientos\?estado=ayuda$/);
  const answered = page.getByRole('article', { name: new RegExp(`Seguimiento · ${name}`) });
  // The unfiltered list stays on screen until the filtered one arrives: only the answer asking for help remains.
  await expect(answered).toHaveCount(1);
  await expect(answered).toContainText('Necesito ayuda');
  await expect(answered).toContainText('No quiere comer desde ayer.');
  await expect(answered.getByRole('img', { name: `Foto 1 de ${name}` })).toBeVisible();
  await expectAccessible(page, 'Seguimientos');
  await answered.getByRole('button', { name: 'Marcar atendido' }).click();
  await expect(answered).toHaveCount(0);
});
