import type { Locator } from '@playwright/test';
import { aiMessages } from '@refugio/contracts';
import { expectAccessible } from './support/accessibility';
import { accounts } from './support/accounts';
import { expect, signIn, test } from './support/fixtures';
import { createPet, openEdit, unique } from './support/pets';

/*
 * Toasts appear at the top right (SPEC section 9), below the header: never over the person's menu, and never
 * over the pet form's sticky save bar at the bottom. On a phone the top is the page's title and actions, which a
 * toast would hide for as long as it lasts: there toasts sit at the bottom, above the save bar.
 */

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

type Box = Awaited<ReturnType<typeof box>>;
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('un aviso aparece arriba a la derecha, bajo el encabezado y lejos de la barra de guardar (1280 px)', async ({ page }) => {
  const viewport = { width: 1280, height: 800 };
  await page.setViewportSize(viewport);
  await signIn(page, 'staff');
  const id = await createPet(page, { nombre: `Aviso ${unique()}` });
  await openEdit(page, id);

  await page.getByRole('button', { name: aiMessages.generateTagsButton }).click();
  const toast = page.getByRole('alert').filter({ hasText: aiMessages.tagsSuccessTitle });
  await expect(toast).toBeVisible();

  const [toastBox, headerBox, userMenuBox, saveBox, resetBox] = await Promise.all([
    box(toast),
    box(page.getByRole('banner')),
    box(page.getByRole('banner').getByRole('button', { name: `${accounts.staff.name} ${accounts.staff.lastname}` })),
    box(page.getByRole('button', { name: 'GUARDAR MASCOTA' })),
    box(page.getByRole('button', { name: 'REINICIAR' })),
  ]);
  // Top right, below the header.
  expect(toastBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
  expect(toastBox.y).toBeLessThan(viewport.height / 2);
  expect(toastBox.x + toastBox.width).toBeGreaterThan(viewport.width * 0.75);
  // Never over the person's menu or the save bar.
  expect(overlaps(toastBox, userMenuBox)).toBe(false);
  expect(overlaps(toastBox, saveBox)).toBe(false);
  expect(overlaps(toastBox, resetBox)).toBe(false);
  await expectAccessible(page, 'Editar con un aviso, 1280 px');
});

test('en un móvil, un aviso no tapa el título ni las acciones de la página: abajo, sobre la barra de guardar (390 px)', async ({ page }) => {
  const viewport = { width: 390, height: 844 };
  await page.setViewportSize(viewport);
  await signIn(page, 'staff');
  const id = await createPet(page, { nombre: `Aviso ${unique()}` });
  await openEdit(page, id);

  await page.getByRole('button', { name: aiMessages.generateTagsButton }).click();
  const toast = page.getByRole('alert').filter({ hasText: aiMessages.tagsSuccessTitle });
  await expect(toast).toBeVisible();

  const [toastBox, headerBox, saveBox, resetBox] = await Promise.all([
    box(toast),
    box(page.getByRole('banner')),
    box(page.getByRole('button', { name: 'GUARDAR MASCOTA' })),
    box(page.getByRole('button', { name: 'REINICIAR' })),
  ]);
  // In the bottom half, clear of the header and the save bar's buttons, right above them.
  expect(toastBox.y).toBeGreaterThan(viewport.height / 2);
  expect(overlaps(toastBox, headerBox)).toBe(false);
  expect(overlaps(toastBox, saveBox)).toBe(false);
  expect(overlaps(toastBox, resetBox)).toBe(false);
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(saveBox.y);
  // Whatever scrolls under a fixed toast is partly hidden while it lasts, so what axe measures under it depends on where
  // the click left the page (a clearable field's button there is a target "partially obscured"). The page is measured
  // scrolled to its end, the same place every time: the last card of the form under the toast.
  await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
  await expectAccessible(page, 'Editar con un aviso, 390 px');
  // The toasts are fixed: where the page's title and its actions are at the top, no toast is.
  await page.evaluate('window.scrollTo(0, 0)');
  const titleBox = await box(page.getByRole('heading', { name: 'Editar Mascota', level: 1 }));
  expect(overlaps(toastBox, titleBox)).toBe(false);
});
