import { expectAccessible } from './support/accessibility';
import { applyForAdoption, createPublishedPet } from './support/adoption';
import { expect, signIn, test } from './support/fixtures';
import { unique } from './support/pets';

/*
 * A volunteer on a phone opens an adoption request: its state and what can be done with it come first, before
 * the applicant's answers; on a computer they sit beside the answers.
 */

for (const viewport of [
  { name: '390 px', width: 390, height: 844, stateFirst: true },
  { name: '1280 px', width: 1280, height: 900, stateFirst: false },
]) {
  test(`/formulario/{id}: el estado y sus acciones antes de las respuestas en el teléfono (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signIn(page, 'staff');
    const nombre = `Kiwi ${unique()}`;
    const petId = await createPublishedPet(page, nombre);
    const requestId = await applyForAdoption(page.request, petId, `Ana ${unique()}`);

    await page.goto(`/formulario/${requestId}`);
    const state = page.getByRole('heading', { level: 2, name: 'Estado' });
    const review = page.getByRole('button', { name: 'Pasar a revisión' });
    const answers = page.getByRole('heading', { name: 'Datos de contacto' });
    await expect(answers).toBeVisible();
    await expect(review).toBeVisible();
    const [stateBox, reviewBox, answersBox] = await Promise.all([state.boundingBox(), review.boundingBox(), answers.boundingBox()]);
    if (!stateBox || !reviewBox || !answersBox) throw new Error('not on screen');
    if (viewport.stateFirst) {
      // One column: the state and its buttons above the answers, on the first screen.
      expect(stateBox.y).toBeLessThan(answersBox.y);
      expect(reviewBox.y).toBeLessThan(answersBox.y);
      expect(reviewBox.y + reviewBox.height).toBeLessThan(viewport.height);
    } else {
      // Two columns: the answers on the left, the state on the right.
      expect(stateBox.x).toBeGreaterThan(answersBox.x + answersBox.width / 2);
    }
    await expectAccessible(page, `/formulario/{id}, ${viewport.name}`);
  });
}
