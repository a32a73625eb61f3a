import type { Locator } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { expect, signIn, test } from './support/fixtures';
import { createPet, openEdit, unique } from './support/pets';

/*
 * The pet form on a phone (WCAG 2.2: 2.4.11 focus not obscured, 2.5.8 target size): a field reached with the
 * keyboard is scrolled clear of the sticky save bar at the bottom (the page's scroll padding), never left under
 * it: the date's clear button included.
 */

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

test('en un móvil, el botón de borrar la fecha no queda bajo la barra de guardar', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'staff');
  const id = await createPet(page, { nombre: `Fecha ${unique()}` });
  await openEdit(page, id);

  const clear = page.getByRole('button', { name: 'Borrar la fecha de ingreso' });
  const save = page.getByRole('button', { name: 'GUARDAR MASCOTA' });
  await expect(clear).toBeVisible();
  // Reached from the date field with the keyboard: the browser scrolls it into view, above the bar.
  await page.evaluate('window.scrollTo(0, 0)');
  await page.getByLabel('Fecha de ingreso', { exact: false }).first().focus();
  await clear.focus();
  const [clearBox, saveBox, barBox] = await Promise.all([box(clear), box(save), box(save.locator('xpath=..'))]);
  expect(clearBox.height).toBeGreaterThanOrEqual(24);
  expect(clearBox.y + clearBox.height).toBeLessThanOrEqual(Math.min(saveBox.y, barBox.y));
  await expectAccessible(page, 'Editar en un móvil, con el foco en borrar la fecha');
});
