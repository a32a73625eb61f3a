import { type Page, test as base, expect } from '@playwright/test';
import { type AccountName, accounts } from './accounts';

/** `test` with the base URL of the server that global-setup started. */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies by destructuring
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run the tests through playwright.config.ts');
    await use(url);
  },
});

export { expect };

/** Signs in through the /login screen as a person would, and waits for the pet list. */
export async function signIn(page: Page, who: AccountName) {
  const account = accounts[who];
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByLabel('Contraseña').fill(account.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
}
