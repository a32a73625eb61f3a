import { expectAccessible } from './support/accessibility';
import { applyForAdoption, createPublishedPet } from './support/adoption';
import { expect, signIn, test } from './support/fixtures';
import { unique } from './support/pets';

/*
 * Marking a pet adopted from the pet list while people have applied for it: the adopter dialog offers to
 * close their requests (checked), as approving one does; the requests then read as rejected with an automatic note.
 */

test('marcar adoptada desde la lista con solicitudes abiertas avisa y las cierra', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'staff');
  const nombre = `Abierta ${unique()}`;
  const petId = await createPublishedPet(page, nombre);
  const requestIds = [
    await applyForAdoption(page.request, petId, `Eva ${unique()}`),
    await applyForAdoption(page.request, petId, `Luis ${unique()}`),
  ];

  await page.goto(`/?q=${encodeURIComponent(nombre)}`);
  await page.getByRole('button', { name: `Marcar a ${nombre} como adoptado` }).click();
  const dialog = page.getByRole('dialog', { name: `¿Marcar a ${nombre} como adoptado?` });
  await expect(dialog.getByRole('checkbox', { name: /Cerrar las 2 solicitudes de adopción abiertas/ })).toBeChecked();
  await expectAccessible(page, 'Mascotas, marcar adoptado con solicitudes abiertas, 390 px');
  await dialog.getByRole('button', { name: 'Sin persona' }).click();
  await expect(page.getByText(`${nombre} figura ahora como adoptado. Sus solicitudes abiertas se cerraron.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Marcar a ${nombre} como no adoptado` })).toBeVisible();

  for (const id of requestIds) {
    await page.goto(`/formulario/${id}`);
    await expect(page.getByText('Cerrada automáticamente: la mascota se marcó como adoptada.')).toBeVisible();
    await expect(page.getByText('La solicitud está cerrada: no admite más cambios de estado.')).toBeVisible();
  }
  await expectAccessible(page, '/formulario/{id} cerrada al marcar la mascota adoptada, 390 px');
});
