import { expectAccessible } from './support/accessibility';
import { expect, openSecondBrowser, signIn, test } from './support/fixtures';
import { createPet, unique } from './support/pets';

/**
 * "Busco acogida" (DESIGN section 17): staff send a pet's card by e-mail to the suggested foster homes, a home answers
 * yes from its link on a 390 px phone, and staff place the pet with it in one step from the pet page.
 */
test('a foster home answers yes on a phone and staff place the pet', async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'staff');
  const origin = { origin: new URL(page.url()).origin };
  const suffix = unique();
  const nombre = `Canela ${suffix}`;
  const petId = await createPet(page, { nombre, tipo: 'Perro', personalidad: 'Tranquila y muy cariñosa.' });
  const personRes = await page.request.post('/api/personas', {
    headers: origin,
    data: {
      nombre: 'Marisa',
      apellidos: `Acoge ${suffix}`,
      email: `marisa.${suffix}@example.com`,
      roles: ['acogida'],
      consentimientos: { email: true },
    },
  });
  expect(personRes.status(), await personRes.text()).toBe(201);
  const persona = (await personRes.json()) as { id: number };
  const fullName = `Marisa Acoge ${suffix}`;

  // Staff send the card by e-mail from the pet page.
  await page.goto(`/mascota/${petId}`);
  const section = page.getByRole('region', { name: 'Busco acogida' });
  await section.getByRole('button', { name: 'Enviar por correo' }).click();
  // It asks first: sending writes to every suggested home, and says earlier links keep working.
  const confirm = page.getByRole('dialog', { name: /^¿Enviar la ficha por correo a/ });
  await expect(confirm).toContainText('Los enlaces enviados antes siguen funcionando');
  await expectAccessible(page, 'Confirmar el envío de Busco acogida');
  await confirm.getByRole('button', { name: 'Enviar por correo' }).click();
  const answers = section.getByRole('list', { name: 'Respuestas de las casas de acogida' });
  await expect(answers.getByRole('listitem').filter({ hasText: fullName })).toContainText('Sin respuesta');
  await expectAccessible(page, 'Busco acogida en la ficha de la mascota');

  // The link the home got, read from its message.
  const messages = (await (await page.request.get(`/api/mensajes?personaId=${persona.id}`)).json()) as { items: { cuerpo: string }[] };
  const link = /\/acogida-oferta\/[A-Za-z0-9_-]{43}/.exec(messages.items.map((m) => m.cuerpo).join('\n'))?.[0];
  expect(link).toBeTruthy();

  // The home, on a phone, without an account.
  const phone = await openSecondBrowser(browser, baseURL);
  await phone.page.setViewportSize({ width: 390, height: 844 });
  await phone.page.goto(link!);
  await expect(phone.page.getByRole('heading', { name: `Hola, Marisa: ¿puedes acoger a ${nombre}?`, level: 1 })).toBeVisible();
  await expect(phone.page.getByText('Tranquila y muy cariñosa.')).toBeVisible();
  await expectAccessible(phone.page, 'Busco acogida en un móvil');
  const yes = phone.page.getByRole('button', { name: `Sí, puedo acoger a ${nombre}` });
  expect((await yes.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await yes.click();
  await expect(phone.page.getByRole('status').filter({ hasText: `Nos has dicho que puedes acoger a ${nombre}` })).toBeVisible();
  await expectAccessible(phone.page, 'Busco acogida respondida en un móvil');
  await phone.context.close();

  // Staff see the yes and place the pet with her.
  await page.reload();
  const row = page.getByRole('region', { name: 'Busco acogida' }).getByRole('listitem').filter({ hasText: fullName });
  await expect(row).toContainText('Sí puede');
  await row.getByRole('button', { name: `Colocar en acogida con ${fullName}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Colocar en acogida' }).click();
  await expect(row).toContainText('En acogida con esta casa');
  await expect(page.getByRole('region', { name: 'Dónde está' }).getByText(fullName).first()).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'Busco acogida tras colocar, 390 px');
});
