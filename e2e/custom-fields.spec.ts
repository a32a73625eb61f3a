import { expectAccessible } from './support/accessibility';
import { expect, signIn, test } from './support/fixtures';
import { createPet, openEdit, unique } from './support/pets';

/**
 * The organisation's own fields (DESIGN section 21): an administrator adds «Test de leishmania» (one option of
 * Negativo/Positivo, dogs only) on «Campos propios»; on a phone, a dog's form has it under «Campos propios», the
 * chosen value is kept on the pet's page, and the pet list filters by it and shows it on the cards.
 */
test('un campo propio de los perros: se crea, se rellena en el móvil, se ve en la ficha y filtra la lista', async ({ page }) => {
  const id = unique();
  // Keys are never reused, not even archived ones: a label of this run's own keeps the journey repeatable on one server.
  const label = `Test de leishmania ${id}`;
  const clave = `test_de_leishmania_${id}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin');
  const positive = await createPet(page, { nombre: `Toby ${id}`, tipo: 'Perro' });
  await createPet(page, { nombre: `Rex ${id}`, tipo: 'Perro' });

  await page.goto('/campos');
  await expect(page.getByRole('heading', { name: 'Campos propios', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nuevo campo' })).toBeVisible();
  await expectAccessible(page, 'Campos propios');

  await page.getByRole('button', { name: 'Nuevo campo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo campo' });
  await dialog.getByRole('textbox', { name: 'Nombre' }).fill(label);
  // The key follows the label.
  await expect(dialog.getByRole('textbox', { name: 'Clave' })).toHaveValue(clave);
  await dialog.getByRole('combobox', { name: 'Tipo' }).click();
  await page.getByRole('option', { name: 'Una opción de una lista' }).click();
  await dialog.getByRole('textbox', { name: 'Opciones' }).fill('Negativo\nPositivo');
  await dialog.getByRole('checkbox', { name: 'Perro' }).check();
  await expectAccessible(page, 'Campos propios, con el diálogo «Nuevo campo» abierto');
  await dialog.getByRole('button', { name: 'Crear campo' }).click();
  await expect(page.getByText('Campo creado.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: `Editar «${label}»` })).toBeVisible();

  // On a phone: the dog's form has the field under «Campos propios».
  await page.setViewportSize({ width: 390, height: 844 });
  await openEdit(page, positive);
  const answer = page.getByRole('group', { name: 'Campos propios' }).getByRole('combobox', { name: label });
  // Clear of the sticky save bar first, so the opening list does not land over the input while the page scrolls.
  await answer.evaluate("(input) => input.scrollIntoView({ block: 'center' })");
  await answer.click();
  await page.getByRole('option', { name: 'Positivo' }).click();
  await page.getByRole('button', { name: 'GUARDAR MASCOTA' }).click();
  await expect(page.getByRole('dialog', { name: '¡Mascota Actualizada Exitosamente!' })).toBeVisible({ timeout: 20_000 });

  await page.goto(`/mascota/${positive}`);
  await page.reload();
  const shown = page.getByRole('region', { name: 'Campos propios' });
  const pair = shown.locator('div').filter({ has: page.getByRole('term').getByText(label, { exact: true }) });
  await expect(pair.getByRole('definition')).toHaveText('Positivo');

  // The list, filtered by it: Toby, not Rex; the export links carry the filter.
  await page.goto(`/?q=${id}`);
  const cards = page.getByRole('list', { name: 'Mascotas' });
  await expect(cards.getByRole('link', { name: `Rex ${id}`, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Filtros' }).click();
  await page.getByRole('combobox', { name: 'Campo propio' }).click();
  await page.getByRole('option', { name: label }).click();
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: 'Positivo' }).click();
  await expect(page).toHaveURL(new RegExp(`campo\\.${clave}=Positivo`));
  await expect(cards.getByRole('link', { name: `Toby ${id}`, exact: true })).toBeVisible();
  await expect(cards.getByRole('link', { name: `Rex ${id}`, exact: true })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute('href', new RegExp(`campo\\.${clave}=Positivo`));

  // «Columnas»: the field on each card, as «label: value».
  await page.getByRole('button', { name: 'Columnas' }).click();
  await page.getByRole('checkbox', { name: label }).check();
  await page.keyboard.press('Escape');
  await expect(cards.getByRole('listitem').filter({ hasText: `Toby ${id}` })).toContainText(`${label}: Positivo`);
});
