import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { aiMessages } from '@refugio/contracts';
import { fakeAi } from './support/fake-ai';
import { expectAccessible } from './support/accessibility';
import { expect, signIn, test } from './support/fixtures';
import { createPet, openEdit, unique } from './support/pets';

/*
 * Journeys of the AI buttons of the pet form (SPEC sections 2, 7 and 8): GENERAR ETIQUETAS and 'Mejorar con
 * IA' against the server's loopback stand-in for Gemini (support/fake-ai.ts), the failure messages (answers
 * replaced with page.route) and the disabled state when the server has no provider.
 */

const shots = '/tmp/shots-ai';
mkdirSync(shots, { recursive: true });

const historia = 'Llegó al refugio en invierno.';
const oldTags = ['juguetón', 'cariñoso'];

/** Creates a pet through the API with the page's session; the journeys then edit it. */
const createAiPet = (page: Page, nombre: string) =>
  createPet(page, { nombre, genero: 'hembra', personalidad: 'Juguetona y cariñosa', historia, tags: oldTags });

const chip = (page: Page, tag: string) => page.getByRole('button', { name: `Quitar etiqueta ${tag}`, exact: true });
const chips = (page: Page) => page.getByRole('button', { name: /^Quitar etiqueta / });
/** Both buttons read 'Mejorar con IA': the first is under the story, the second under the personality. */
const improveButton = (page: Page, field: 'Historia' | 'Personalidad') =>
  page.getByRole('button', { name: aiMessages.improveButton, exact: true }).nth(field === 'Historia' ? 0 : 1);
const textField = (page: Page, field: 'Historia' | 'Personalidad') => page.getByRole('textbox', { name: field, exact: true });
const generateButton = (page: Page) => page.getByRole('button', { name: aiMessages.generateTagsButton });
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

async function expectGeneratedChips(page: Page) {
  await expect(chips(page)).toHaveCount(fakeAi.tags.length);
  for (const tag of fakeAi.tags) await expect(chip(page, tag)).toBeVisible();
  await expect(page.getByText(`${fakeAi.tags.length} de 10 etiquetas`)).toBeVisible();
}

test.describe('asistente de IA en el formulario de la mascota', () => {
  test('editar: generar etiquetas, mejorar la historia (descartar y usar) y guardar', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, 'staff');
    const nombre = `Canela ${unique()}`;
    const id = await createAiPet(page, nombre);
    await openEdit(page, id);
    for (const tag of oldTags) await expect(chip(page, tag)).toBeVisible();

    await generateButton(page).click();
    const success = toast(page, aiMessages.tagsSuccessTitle);
    await expect(success).toContainText(aiMessages.tagsSuccessText(fakeAi.tags.length, nombre));
    await expectGeneratedChips(page);
    for (const tag of oldTags) await expect(chip(page, tag)).toHaveCount(0);
    await page.screenshot({ path: `${shots}/tags-success-desktop.png`, animations: 'disabled' });
    await expectAccessible(page, 'Editar, etiquetas generadas con su aviso');

    const field = textField(page, 'Historia');
    const improved = `${fakeAi.improvedPrefix}${historia}`;
    await improveButton(page, 'Historia').click();
    const dialog = page.getByRole('dialog', { name: `${aiMessages.improveButton}: Historia` });
    await expect(dialog.getByRole('region', { name: 'Texto actual' })).toContainText(historia);
    await expect(dialog.getByRole('region', { name: 'Propuesta de la IA' })).toContainText(improved);
    // Nothing is overwritten while the proposal is only shown.
    await expect(field).toHaveValue(historia);
    await page.screenshot({ path: `${shots}/proposal-desktop.png`, animations: 'disabled' });
    await expectAccessible(page, 'Editar, propuesta de la IA');
    await dialog.getByRole('button', { name: 'Descartar' }).click();
    await expect(dialog).toBeHidden();
    await expect(field).toHaveValue(historia);

    await improveButton(page, 'Historia').click();
    await dialog.getByRole('button', { name: 'Usar la propuesta' }).click();
    await expect(dialog).toBeHidden();
    await expect(field).toHaveValue(improved);

    await page.getByRole('button', { name: 'GUARDAR MASCOTA' }).click();
    const saved = page.getByRole('dialog', { name: '¡Mascota Actualizada Exitosamente!' });
    await expect(saved).toBeVisible({ timeout: 20_000 });
    await expect(saved.getByRole('row', { name: /^Etiquetas / })).toContainText(String(fakeAi.tags.length));

    await page.reload();
    await expect(textField(page, 'Historia')).toHaveValue(improved);
    await expectGeneratedChips(page);
  });

  test('agregar: el texto vacío no se envía; mejorar la personalidad y generar etiquetas con los valores sin guardar', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'staff');
    await page.goto('/agregar');
    await expect(page.getByRole('heading', { name: 'Agregar Mascota' })).toBeVisible();
    const aiCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/ai/') && request.method() === 'POST') aiCalls.push(request.url());
    });

    await improveButton(page, 'Historia').click();
    await expect(toast(page, aiMessages.textRequired)).toBeVisible();
    await expect(textField(page, 'Historia')).toBeFocused();
    expect(aiCalls).toEqual([]);

    const nombre = `Nube ${unique()}`;
    await page.getByLabel('Nombre').fill(nombre);
    const personalidad = textField(page, 'Personalidad');
    await personalidad.fill('Tranquila y curiosa con la gente.');
    await improveButton(page, 'Personalidad').click();
    const dialog = page.getByRole('dialog', { name: `${aiMessages.improveButton}: Personalidad` });
    await expect(dialog.getByRole('region', { name: 'Propuesta de la IA' })).toContainText(
      `${fakeAi.improvedPrefix}Tranquila y curiosa con la gente.`,
    );
    await page.screenshot({ path: `${shots}/proposal-mobile.png`, animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Usar la propuesta' }).click();
    await expect(personalidad).toHaveValue(`${fakeAi.improvedPrefix}Tranquila y curiosa con la gente.`);

    // The progress notice stays while the server answers (held back a little here so it can be seen).
    let sent: unknown = null;
    await page.route('**/api/ai/etiquetas', async (route) => {
      sent = route.request().postDataJSON();
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await page.getByLabel('Nueva etiqueta').fill('vieja');
    await page.getByLabel('Nueva etiqueta').press('Enter');
    await generateButton(page).click();
    await expect(toast(page, aiMessages.tagsProgressTitle)).toContainText(aiMessages.tagsProgressText);
    await expect(toast(page, aiMessages.tagsSuccessTitle)).toContainText(aiMessages.tagsSuccessText(fakeAi.tags.length, nombre));
    await expectGeneratedChips(page);
    await expect(chip(page, 'vieja')).toHaveCount(0);
    expect(sent).toMatchObject({ nombre, personalidad: `${fakeAi.improvedPrefix}Tranquila y curiosa con la gente.`, historia: '' });
    await page.screenshot({ path: `${shots}/tags-success-mobile.png`, animations: 'disabled' });
  });

  test('los fallos del servicio muestran sus mensajes y no cambian el texto ni las etiquetas', async ({ page }) => {
    await signIn(page, 'staff');
    const id = await createAiPet(page, `Pipa ${unique()}`);
    await page.route('**/api/ai/mejorar-texto', (route) =>
      route.fulfill({ status: 502, json: { code: 'AI_NO_RESULT', message: aiMessages.improveEmpty, requestId: 'x' } }),
    );
    await page.route('**/api/ai/etiquetas', (route) =>
      route.fulfill({ status: 502, json: { code: 'AI_FAILED', message: aiMessages.tagsFailure, requestId: 'x' } }),
    );
    await openEdit(page, id);

    await improveButton(page, 'Historia').click();
    await expect(toast(page, aiMessages.improveEmpty)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(textField(page, 'Historia')).toHaveValue(historia);

    await page.unroute('**/api/ai/mejorar-texto');
    await page.route('**/api/ai/mejorar-texto', (route) =>
      route.fulfill({ status: 502, json: { code: 'AI_FAILED', message: aiMessages.improveFailure, requestId: 'y' } }),
    );
    await improveButton(page, 'Personalidad').click();
    await expect(toast(page, aiMessages.improveFailure)).toBeVisible();
    await expect(textField(page, 'Personalidad')).toHaveValue('Juguetona y cariñosa');

    await generateButton(page).click();
    await expect(toast(page, aiMessages.tagsFailure)).toBeVisible();
    await expect(chips(page)).toHaveCount(oldTags.length);
    for (const tag of oldTags) await expect(chip(page, tag)).toBeVisible();
  });

  test('sin proveedor de IA los botones están desactivados y explican cómo activarlos', async ({ page }) => {
    await signIn(page, 'staff');
    const id = await createAiPet(page, `Kira ${unique()}`);
    let answerStatus: () => void = () => undefined;
    const statusHeld = new Promise<void>((resolve) => (answerStatus = resolve));
    await page.route('**/api/ai/estado', async (route) => {
      await statusHeld;
      await route.fulfill({ json: { available: false, provider: 'none' } });
    });
    const aiCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/ai/') && request.method() === 'POST') aiCalls.push(request.url());
    });
    await openEdit(page, id);

    // While the status is unknown the buttons are already disabled.
    await expect(generateButton(page)).toBeDisabled();
    answerStatus();

    for (const button of [improveButton(page, 'Historia'), improveButton(page, 'Personalidad'), generateButton(page)]) {
      await expect(button).toBeDisabled();
    }
    await generateButton(page).hover();
    await expect(page.getByRole('tooltip')).toHaveText(aiMessages.disabledHintVolunteer);
    await expectAccessible(page, 'Editar sin IA, con la explicación a la vista');
    await generateButton(page).click({ force: true });
    await improveButton(page, 'Historia').click({ force: true });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(aiCalls).toEqual([]);
    await expect(chips(page)).toHaveCount(oldTags.length);
  });
});
