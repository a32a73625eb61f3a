import { type Browser, type Page, test as base, expect } from '@playwright/test';
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

/** Fills the /login screen with these credentials and submits, as a person would; the caller checks where it leads. */
export async function submitSignIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/**
 * Signs in as one of the harness's accounts and opens the pet list. The session is asked for as the /login screen asks
 * for it (same endpoint, same Origin), through the page's own request context so the cookie lands in its browser: a
 * fresh session per journey, without drawing the sign-in screen again in every one (its own journeys use
 * `submitSignIn`, and shell.spec.ts walks it).
 */
export async function signIn(page: Page, who: AccountName) {
  const account = accounts[who];
  const origin = new URL(process.env.E2E_BASE_URL ?? '').origin;
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
    headers: { origin },
  });
  expect(response.ok(), `inicio de sesión de ${account.email}: ${response.status()}`).toBe(true);
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
}

/** A browser of its own (cookies included), as a second person on another computer. */
export async function openSecondBrowser(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, locale: 'es-ES' });
  return { context, page: await context.newPage() };
}
