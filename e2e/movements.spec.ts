import type { Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { expect, signIn, test } from './support/fixtures';
import { createPet, unique } from './support/pets';

/**
 * Where each pet is (DESIGN section 12): a dog placed with a foster home from "Busco acogida", seen in
 * "Acogidas", returned with a reason; and a pet marked adopted from the list with its adopter chosen.
 */

async function createPerson(page: Page, nombre: string): Promise<number> {
  const headers = { origin: new URL(page.url()).origin };
  const res = await page.request.post('/api/personas', {
    headers,
    data: { nombre, email: `${nombre.replace(/\W+/g, '.').toLowerCase()}@example.com` },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function makeFosterHome(page: Page, personId: number) {
  const headers = { origin: new URL(page.url()).origin };
  const res = await page.request.put(`/api/personas/${personId}/acogida`, { headers, data: { capacidad: 2, especies: ['Perro'], conPerros: true } });
  expect(res.ok(), await res.text()).toBe(true);
}

test.describe('movements and foster homes', () => {
  test('a dog is placed from "Busco acogida", shows in Acogidas and is returned with a reason (1280 px)', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, 'staff');
    const suffix = unique();
    const home = `Acoge ${suffix}`;
    const nombre = `Nube ${suffix}`;
    await makeFosterHome(page, await createPerson(page, home));
    const petId = await createPet(page, { nombre, tipo: 'Perro' });

    await page.goto(`/mascota/${petId}`);
    const where = page.getByRole('region', { name: 'Dónde está' });
    await expect(where.getByText('En el refugio')).toBeVisible();
    await where.getByRole('button', { name: 'Busco acogida' }).click();
    const suggestions = page.getByRole('dialog', { name: `Busco acogida para ${nombre}` });
    await expect(suggestions.getByRole('link', { name: home })).toBeVisible();
    await expectAccessible(page, 'Busco acogida, 1280 px');
    await suggestions.getByRole('button', { name: `Colocar aquí, en casa de ${home}` }).click();

    const place = page.getByRole('dialog', { name: `Registrar acogida de ${nombre}` });
    await expect(place.getByText(home)).toBeVisible();
    await place.getByRole('button', { name: 'Registrar acogida' }).click();
    await expect(place).toBeHidden();
    await expect(where.getByText('En acogida')).toBeVisible();
    await expect(where.getByRole('link', { name: home }).first()).toBeVisible();

    await page.goto('/acogidas');
    const card = page.getByRole('article', { name: home });
    await expect(card.getByRole('link', { name: nombre })).toBeVisible();
    await expect(card).toContainText('Plazas ocupadas: 1 de 2');
    await expect(card).toContainText('Sin novedades');
    await expectAccessible(page, 'Acogidas, 1280 px');
    // The homes are cards on a phone too.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(card.getByRole('link', { name: nombre })).toBeVisible();
    await expectAccessible(page, 'Acogidas, 390 px');
    await page.setViewportSize({ width: 1280, height: 900 });

    await card.getByRole('link', { name: nombre }).click();
    await where.getByRole('button', { name: 'Devolución' }).click();
    const back = page.getByRole('dialog', { name: `Registrar devolución de ${nombre}` });
    await back.getByRole('button', { name: 'Registrar devolución' }).click();
    await expect(back.getByText('Escribe el motivo de la devolución.')).toBeVisible();
    await expectAccessible(page, 'Registrar devolución, 1280 px');
    await back.getByRole('textbox', { name: /Motivo/ }).fill('La familia se muda');
    await back.getByRole('button', { name: 'Registrar devolución' }).click();
    await expect(back).toBeHidden();
    await expect(where.getByText('En el refugio')).toBeVisible();
    await expect(where.getByText('Motivo: La familia se muda')).toBeVisible();
  });

  test('on a phone (390 px), marking a pet adopted from the list asks for the adopter', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'staff');
    const suffix = unique();
    const adopter = `Adopta ${suffix}`;
    const nombre = `Sol ${suffix}`;
    await createPerson(page, adopter);
    const petId = await createPet(page, { nombre, estado: 'publicada' });

    await page.goto(`/?q=${encodeURIComponent(nombre)}`);
    await page.getByRole('button', { name: `Marcar a ${nombre} como adoptado` }).click();
    const dialog = page.getByRole('dialog', { name: `¿Marcar a ${nombre} como adoptado?` });
    await dialog.getByRole('textbox', { name: 'Persona que adopta' }).fill(adopter);
    await dialog.getByRole('radio', { name: adopter }).click();
    await expect(dialog.getByText(adopter)).toBeVisible();
    await expectAccessible(page, 'Marcar adoptado eligiendo la persona, 390 px');
    await dialog.getByRole('button', { name: 'Marcar como adoptado' }).click();
    await expect(page.getByText(`${nombre} figura ahora como adoptado.`)).toBeVisible();
    // Home names an adopted pet by its adoption, agreeing with its sex, not as "Publicada".
    const card = page.getByRole('list', { name: 'Mascotas' }).getByRole('listitem').filter({ hasText: nombre });
    await expect(card.getByText('Adoptado', { exact: true })).toBeVisible();
    await expect(card.getByText('Publicada', { exact: true })).toHaveCount(0);

    await page.goto(`/mascota/${petId}`);
    const where = page.getByRole('region', { name: 'Dónde está' });
    await expect(where.getByText('Adoptado', { exact: true })).toBeVisible();
    // Who recorded the adoption, by name; never an account's internal id.
    await expect(where.getByText(/· Elena Equipo/).first()).toBeVisible();
    await expect(where).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
    await expect(where.getByRole('link', { name: adopter }).first()).toBeVisible();
    await expectAccessible(page, 'Dónde está de una mascota adoptada, 390 px');
  });
});
