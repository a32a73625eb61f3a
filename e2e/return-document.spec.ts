import { expectAccessible } from './support/accessibility';
import { expect, signIn, test } from './support/fixtures';
import { createPet, unique } from './support/pets';
import { drawWithMouse } from './support/signature';

/**
 * The acta of a return (an addition to DESIGN section 13, written in docs/api.md): an adopted dog comes back; on
 * the return's row of the pet's timeline staff prepare the "Acta de devolución", the person signs it in person on
 * the staff's screen, and it shows signed and intact.
 */

test('a return with its person gets an acta, signed in person on the staff screen and verified', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, 'staff');
  const origin = { origin: new URL(page.url()).origin };
  const suffix = unique();
  const adopter = `Rosa Devuelve ${suffix}`;
  const nombre = `Trueno ${suffix}`;
  const petId = await createPet(page, { nombre, tipo: 'Perro' });
  const personRes = await page.request.post('/api/personas', {
    headers: origin,
    data: { nombre: adopter, email: `rosa.${suffix.toLowerCase().replace(/\W+/g, '')}@example.com`, roles: ['adoptante'] },
  });
  expect(personRes.status(), await personRes.text()).toBe(201);
  const personaId = ((await personRes.json()) as { id: number }).id;
  const today = new Date().toISOString().slice(0, 10);
  const move = async (data: Record<string, unknown>) => {
    const pet = (await (await page.request.get(`/phpApi/mascota/${petId}`)).json()) as { version: number };
    const res = await page.request.post(`/api/mascotas/${petId}/movimientos`, {
      headers: origin,
      data: { ...data, fecha: today, version: pet.version },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  await move({ tipo: 'adopcion', personaId });
  await move({ tipo: 'devolucion', motivo: 'Alergia en la familia' });

  await page.goto(`/mascota/${petId}`);
  const acta = page.getByRole('region', { name: 'Acta de devolución' });
  await expect(acta.getByText(/Todavía no hay acta/)).toBeVisible();
  await acta.getByRole('button', { name: 'Preparar acta' }).click();
  await expect(page.getByText('Acta preparada.')).toBeVisible();
  await expect(acta.getByText(/^Preparado:/)).toBeVisible();
  await expectAccessible(page, 'Acta de devolución preparada');

  await acta.getByRole('button', { name: 'Firmar aquí' }).click();
  const dialog = page.getByRole('dialog', { name: 'Firma en persona' });
  await expect(dialog.getByLabel(/Código/)).toHaveCount(0);
  await dialog.getByLabel('Nombre completo').fill(adopter);
  await drawWithMouse(page, dialog.getByRole('img', { name: 'Recuadro para dibujar la firma' }));
  await dialog.getByRole('checkbox', { name: 'He leído y acepto el acta' }).check();
  await dialog.getByRole('button', { name: 'Firmar' }).click();
  await expect(dialog).toBeHidden();
  await expect(acta.getByText(new RegExp(`^Firmado el .* por ${adopter} en persona ante `))).toBeVisible();
  await acta.getByRole('button', { name: 'Verificar integridad' }).click();
  await expect(acta.getByText('Íntegro')).toBeVisible();
  await expectAccessible(page, 'Acta de devolución firmada');
});
