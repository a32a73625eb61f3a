import { expectAccessible } from './support/accessibility';
import { expect, signIn, test } from './support/fixtures';
import { unique } from './support/pets';
import { drawWithMouse } from './support/signature';

/**
 * A volunteer's agreement (DESIGN section 17): prepared from the person page, then sent or signed like a contract; the
 * volunteer tab shows whether it is signed, with the signed PDF.
 */
test('staff prepare the volunteer agreement from the person page, the volunteer signs it and the tab shows it signed', async ({ page }) => {
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
  const tab = page.getByRole('region', { name: 'Voluntariado', exact: true });
  await expect(tab.getByText('Preparado', { exact: true })).toBeVisible();

  // Signed in person: the volunteer tab shows it signed, with the signed PDF.
  await page.setViewportSize({ width: 1280, height: 900 });
  await card.getByRole('button', { name: 'Firmar aquí' }).click();
  const dialog = page.getByRole('dialog', { name: 'Firma en persona' });
  await dialog.getByLabel('Nombre completo').fill(`${nombre} Voluntaria`);
  await drawWithMouse(page, dialog.getByRole('img', { name: 'Recuadro para dibujar la firma' }));
  await dialog.getByRole('checkbox', { name: /^He leído y acepto/ }).check();
  await dialog.getByRole('button', { name: 'Firmar' }).click();
  await expect(dialog).toBeHidden();
  await expect(tab.getByText('Firmado', { exact: true })).toBeVisible();
  await expect(tab.getByRole('link', { name: 'Ver el acuerdo firmado (PDF)' })).toHaveAttribute('href', /\/api\/documentos\/\d+\/pdf$/);
  await expectAccessible(page, 'Voluntariado con el acuerdo firmado');
});
