import { expectAccessible } from './support/accessibility';
import { expect, openSecondBrowser, signIn, test } from './support/fixtures';
import { unique } from './support/pets';

/**
 * Volunteers (DESIGN section 17): staff create a shift and a volunteer's link, the volunteer opens it on a 390 px
 * phone without an account and signs up, and staff see the person on the shift in "Voluntariado".
 */

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

test('a volunteer signs up from the link on a phone and staff see it', async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'staff');
  const origin = { origin: new URL(page.url()).origin };
  const tarea = `Paseos ${unique()}`;
  // Two days ahead: this week or the next, shown by the staff calendar either way.
  const when = new Date(Date.now() + 2 * 86_400_000);
  const day = localDay(when);
  const shiftRes = await page.request.post('/api/turnos', {
    headers: origin,
    data: { tarea, inicio: `${day}T10:00:00`, fin: `${day}T12:00:00`, plazas: 2 },
  });
  expect(shiftRes.status(), await shiftRes.text()).toBe(201);
  const personRes = await page.request.post('/api/personas', {
    headers: origin,
    data: { nombre: 'Lucía', apellidos: `Voluntaria ${unique()}`, email: `lucia.${unique()}@example.com`, roles: ['voluntario'] },
  });
  expect(personRes.status(), await personRes.text()).toBe(201);
  const persona = (await personRes.json()) as { id: number; apellidos: string };

  // Staff create the link on the person page.
  await page.goto(`/personas/${persona.id}`);
  const section = page.getByRole('region', { name: 'Voluntariado' });
  await section.getByRole('button', { name: 'Crear enlace de voluntariado' }).click();
  const url = await section.getByLabel('Enlace de voluntariado').inputValue();
  expect(url).toMatch(/\/voluntariado\/[A-Za-z0-9_-]{43}$/);
  await expectAccessible(page, 'Persona con su ficha de voluntariado');

  // The volunteer, on a phone, without an account.
  const phone = await openSecondBrowser(browser, baseURL);
  await phone.page.setViewportSize({ width: 390, height: 844 });
  await phone.page.goto(new URL(url).pathname);
  await expect(phone.page.getByRole('heading', { name: 'Hola, Lucía', level: 1 })).toBeVisible();
  await expect(phone.page.getByText('Aún no te has apuntado a ningún turno.')).toBeVisible();
  await expectAccessible(phone.page, 'Turnos de voluntariado en un móvil');
  const signUp = phone.page.getByRole('button', { name: new RegExp(`^Apuntarme: ${tarea}`) });
  expect((await signUp.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await signUp.click();
  await expect(phone.page.getByRole('status').filter({ hasText: `Te has apuntado a «${tarea}»` })).toBeVisible();
  const mine = phone.page.getByRole('region', { name: 'Mis turnos' });
  await expect(mine.getByText(tarea)).toBeVisible();
  await expect(mine.getByRole('button', { name: new RegExp(`^Cancelar: ${tarea}`) })).toBeVisible();
  await expectAccessible(phone.page, 'Turnos de voluntariado tras apuntarse');
  await phone.page.goto(`/voluntariado/${'x'.repeat(43)}`);
  await expect(phone.page.getByRole('heading', { name: 'Enlace no disponible' })).toBeVisible();
  await phone.context.close();

  // Staff see her on the shift in "Voluntariado".
  await page.getByRole('link', { name: 'Voluntariado' }).first().click();
  await expect(page).toHaveURL(/\/turnos$/);
  await expect(page.getByRole('heading', { name: 'Voluntariado', level: 1 })).toBeVisible();
  // The shift is two days ahead: on this week's calendar, or the next one's when that crosses a Sunday.
  const mondayOf = (d: Date) => localDay(new Date(d.getFullYear(), d.getMonth(), d.getDate() - ((d.getDay() + 6) % 7)));
  if (mondayOf(when) !== mondayOf(new Date())) await page.getByRole('button', { name: 'Semana siguiente' }).click();
  const card = page.getByRole('article', { name: new RegExp(`^${tarea}`) });
  await expect(card.getByRole('link', { name: `Lucía ${persona.apellidos}` })).toBeVisible();
  await expect(card.getByText('Falta 1 persona')).toBeVisible();
  await expectAccessible(page, 'Voluntariado: turnos de la semana');
});
