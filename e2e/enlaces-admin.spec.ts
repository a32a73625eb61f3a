import type { Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { accounts } from './support/accounts';
import { expect, signIn, test } from './support/fixtures';
import { unique } from './support/pets';

/*
 * /enlaces-admin lives outside the main layout (SPEC section 2) but is a staff screen: a leaked link is revoked
 * in two clicks (Revocar, then the confirmation), the toast says so, and a small header leads back to the app
 * and holds the person's menu.
 */

/** A package and a link under it, through the API with the page's session. */
async function createLink(page: Page, recipient: string) {
  const headers = { origin: new URL(page.url()).origin };
  const pkg = await page.request.post('/api/paquetes', { headers, data: { nombre: `Paquete ${recipient}`, cupo: 3, diasVigencia: 10 } });
  expect(pkg.ok(), await pkg.text()).toBe(true);
  const { id: paqueteId } = (await pkg.json()) as { id: number };
  const link = await page.request.post('/api/enlaces', { headers, data: { paqueteId, destinatario: recipient } });
  expect(link.ok(), await link.text()).toBe(true);
}

for (const viewport of [
  { name: '1280 px', width: 1280, height: 800 },
  { name: '390 px', width: 390, height: 844 },
]) {
  test(`un enlace filtrado se revoca en dos clics y el encabezado vuelve a la aplicación (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const recipient = `Enlace filtrado ${unique()}`;
    await signIn(page, 'staff');
    await createLink(page, recipient);

    await page.goto('/enlaces-admin');
    await expect(page).toHaveTitle('Enlaces de Registro · Refugio Admin');
    // Two clicks: Revocar, then the confirmation.
    const card = page.getByRole('article', { name: `Enlace de ${recipient}` });
    await card.getByRole('button', { name: 'Revocar' }).click();
    const dialog = page.getByRole('dialog', { name: `¿Revocar el enlace de ${recipient}?` });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, `/enlaces-admin, confirmación de revocar, ${viewport.name}`);
    await dialog.getByRole('button', { name: 'Revocar' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText('Revocado', { exact: true })).toBeVisible();
    const toast = page.getByRole('alert').filter({ hasText: 'Enlace revocado' });
    await expect(toast).toBeVisible();

    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Volver a la aplicación' })).toBeVisible();
    const userButton = header.getByRole('button', { name: `${accounts.staff.name} ${accounts.staff.lastname}` });
    await expect(userButton).toBeVisible();
    // The toast sits below the header, never over the person's menu.
    const [toastBox, headerBox] = [await toast.boundingBox(), await header.boundingBox()];
    expect(toastBox && headerBox && toastBox.y >= headerBox.y + headerBox.height).toBe(true);
    await expectAccessible(page, `/enlaces-admin, enlace revocado, ${viewport.name}`);

    // The person's menu is there, and the header leads back to the app.
    await userButton.click();
    await expect(page.getByRole('menuitem', { name: 'Cerrar Sesión' })).toBeVisible();
    await expectAccessible(page, `/enlaces-admin, menú del usuario abierto, ${viewport.name}`);
    await page.keyboard.press('Escape');
    await header.getByRole('link', { name: 'Volver a la aplicación' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Mascotas' })).toBeVisible();
  });
}
