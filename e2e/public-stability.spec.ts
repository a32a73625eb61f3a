import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures';
import { jpeg } from './support/media';
import { createPet, unique } from './support/pets';

/*
 * The public pages a stranger opens on a phone do not jump while they load (issue 32): the cumulative layout shift
 * Chromium measures stays under 0.1 (the "good" threshold) on a 412x823 phone, for the catalogue that came with its
 * HTML, a filtered catalogue that is fetched, and a pet's page.
 */

const PHONE = { width: 412, height: 823 };
const GOOD_CLS = 0.1;

/** Opens `url` and answers its cumulative layout shift once the page has settled (pictures loaded, network idle). */
async function layoutShiftOf(page: Page, url: string): Promise<number> {
  // Browser code as text: the journeys are compiled without the DOM's types.
  await page.addInitScript(`
    window.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  `);
  await page.goto(url, { waitUntil: 'networkidle' });
  // Every picture has arrived, and a frame has been drawn since.
  await page.waitForFunction('[...document.images].every((img) => img.complete)');
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300)))');
  return page.evaluate<number>('window.shifts.reduce((sum, value) => sum + value, 0)');
}

test.describe('public pages on a phone do not shift as they load', () => {
  let petId: number;

  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    await signIn(page, 'staff');
    const suffix = unique();
    const colours = ['#aa6633', '#336699', '#669933'];
    for (const [i, colour] of colours.entries()) {
      petId = await createPet(page, {
        nombre: `Quieta ${i} ${suffix}`,
        estado: 'publicada',
        mainImage: await jpeg(`foto-${i}.jpg`, colour, 480),
      });
    }
    await page.close();
  });

  test.use({ viewport: PHONE });

  test('/adopta, with its first page in the HTML', async ({ page }) => {
    const cls = await layoutShiftOf(page, '/adopta');
    await expect(page.getByRole('list', { name: 'Mascotas en adopción' }).getByRole('listitem').first()).toBeVisible();
    expect(cls).toBeLessThan(GOOD_CLS);
  });

  test('/adopta with a filter, fetched after the page starts', async ({ page }) => {
    const cls = await layoutShiftOf(page, '/adopta?tipo=Perro');
    await expect(page.getByRole('list', { name: 'Mascotas en adopción' }).getByRole('listitem').first()).toBeVisible();
    expect(cls).toBeLessThan(GOOD_CLS);
  });

  test("a pet's page", async ({ page }) => {
    const cls = await layoutShiftOf(page, `/adopta/${petId}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Quieta 2');
    expect(cls).toBeLessThan(GOOD_CLS);
  });
});
