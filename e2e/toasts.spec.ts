import type { Locator } from '@playwright/test';
import { aiMessages } from '@refugio/contracts';
import { expectAccessible } from './support/accessibility';
import { accounts } from './support/accounts';
import { expect, signIn, test } from './support/fixtures';
import { createPet, openEdit, unique } from './support/pets';

/*
 * Toasts appear at the top right (SPEC section 9), below the header: never over the person's menu, and never
 * over the pet form's sticky save bar at the bottom, on a computer and on a phone.
 */

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

type Box = Awaited<ReturnType<typeof box>>;
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const viewport of [
  { name: '1280 px', width: 1280, height: 800 },
  { name: '390 px', width: 390, height: 844 },
]) {
  test(`un aviso aparece arriba a la derecha, bajo el encabezado y lejos de la barra de guardar (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signIn(page, 'staff');
    const nombre = `Aviso ${unique()}`;
    const id = await createPet(page, { nombre });
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
    await expectAccessible(page, `Editar con un aviso, ${viewport.name}`);
  });
}
