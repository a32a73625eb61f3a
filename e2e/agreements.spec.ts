import { expectAccessible } from './support/accessibility';
import { expect, signIn, test } from './support/fixtures';
import { unique } from './support/pets';

/** A volunteer's agreement (DESIGN section 17): prepared from the person page, then sent or signed like a contract. */
test('staff prepare the volunteer agreement from the person page, ready to send or sign', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'staff');
  const origin = { origin: new URL(page.url()).origin };
  const nombre = `Nuria ${unique()}`;
  const created = await page.request.post('/api/personas', {
    headers: origin,
    data: { nombre, apellidos: 'Voluntaria', email: `nuria.${unique()}@example.org`, roles: ['voluntario'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await page.goto(`/personas/${id}`);
  const card = page.getByRole('region', { name: 'Acuerdo de voluntariado' });
  await card.getByRole('button', { name: 'Preparar acuerdo' }).click();
  await expect(card.getByText(/^Preparado: todavía no se ha enviado/)).toBeVisible();
  await expect(card.getByRole('link', { name: 'Ver PDF' })).toHaveAttribute('href', /\/api\/documentos\/\d+\/pdf$/);
  await expectAccessible(page, 'Acuerdo de voluntariado preparado');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card.getByRole('button', { name: 'Enviar para firmar' })).toBeVisible();
  await expectAccessible(page, 'Acuerdo de voluntariado en un móvil');
});
