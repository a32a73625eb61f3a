import type { Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { expect, signIn, test } from './support/fixtures';
import { createPet, unique } from './support/pets';

/*
 * Bulk actions on the pet list (Home): selecting rows, the page, or every pet matching the filter; one
 * confirmation; the summary with the failures by name; Deshacer after a delete; and the same on a phone.
 */

const bar = (page: Page) => page.getByRole('region', { name: 'Acciones en lote' });
const summary = (page: Page) => page.getByRole('dialog', { name: 'Resultado del cambio en lote' });

/** Changes a pet behind the list's back (another person saving it), so the version the list holds is old. */
async function changeElsewhere(page: Page, id: number) {
  const origin = new URL(page.url()).origin;
  const pet = (await (await page.request.get(`/phpApi/mascota/${id}`)).json()) as Record<string, string>;
  // A real change of its text (marking a pet not adopted that is not adopted changes nothing, so it is no edit).
  const fields = ['nombre', 'edad', 'tipo', 'genero', 'tamano', 'discapacidad', 'adoptado', 'fechaingreso', 'historia', 'tags'] as const;
  const multipart: Record<string, string> = Object.fromEntries(fields.map((f) => [f, String(pet[f] ?? '')]));
  multipart.personalidad = `${pet.personalidad ?? ''} Le encanta pasear.`.trim();
  const res = await page.request.post(`/phpApi/mascota/${id}/actualizar`, { headers: { origin }, multipart });
  expect(res.ok(), await res.text()).toBe(true);
}

test.describe('acciones en lote en la lista de mascotas', () => {
  test('publicar las filas elegidas: una cambiada por otra persona se informa por su nombre, y el filtro Publicada encuentra las demás', async ({
    page,
  }) => {
    await signIn(page, 'staff');
    const suffix = unique();
    const names = ['Alba', 'Bruno', 'Coco'].map((n) => `${n} ${suffix}`);
    const ids: number[] = [];
    for (const nombre of names) ids.push(await createPet(page, { nombre }));
    await page.goto(`/?q=${suffix}`);
    await expect(page.getByText('3 mascotas', { exact: true })).toBeVisible();

    await page.getByRole('checkbox', { name: `Seleccionar a ${names[0]}` }).check();
    await page.getByRole('checkbox', { name: `Seleccionar a ${names[1]}` }).check();
    await expect(bar(page)).toContainText('2 mascotas seleccionadas');
    await expect(page.getByRole('checkbox', { name: 'Seleccionar las mascotas de esta página' })).toHaveAttribute('data-indeterminate', 'true');
    await expectAccessible(page, 'Mascotas, dos filas elegidas y la barra de acciones en lote');
    // Somebody else changes Bruno meanwhile.
    await changeElsewhere(page, ids[1]!);

    await bar(page).getByRole('button', { name: 'Publicar ahora' }).click();
    const confirm = page.getByRole('dialog', { name: '¿Publicar 2 mascotas?' });
    await expect(confirm).toContainText('Serán visibles en el catálogo público');
    await expectAccessible(page, 'Mascotas, confirmación de publicar en lote');
    await confirm.getByRole('button', { name: 'Publicar', exact: true }).click();
    await expect(summary(page)).toContainText('1 publicada, 1 no se pudo: cambiada por otra persona');
    await expect(summary(page).getByRole('list', { name: 'No se pudieron cambiar:' })).toHaveText(`${names[1]}: cambiada por otra persona`);
    await expectAccessible(page, 'Mascotas, resumen del cambio en lote con un fallo');
    await summary(page).getByRole('button', { name: 'Cerrar', exact: true }).click();
    await expect(bar(page)).toBeHidden();

    await page.goto(`/?q=${suffix}&estado=publicada`);
    await expect(page.getByText('1 mascota', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: names[0], exact: true })).toBeVisible();
  });

  test('"todas las que coinciden": se publican aunque no estén en la página, y el filtro Publicada las encuentra', async ({ page }) => {
    await signIn(page, 'staff');
    const suffix = unique();
    for (let i = 1; i <= 12; i += 1) await createPet(page, { nombre: `Grupo${i} ${suffix}` });
    await page.goto(`/?q=${suffix}&pageSize=10`);
    await expect(page.getByText('12 mascotas', { exact: true })).toBeVisible();

    await page.getByRole('checkbox', { name: 'Seleccionar las mascotas de esta página' }).check();
    await expect(bar(page)).toContainText('10 mascotas seleccionadas');
    await bar(page).getByRole('button', { name: 'Seleccionar las 12 que coinciden' }).click();
    await expect(bar(page)).toContainText('Están seleccionadas las 12 mascotas que coinciden con la búsqueda y los filtros.');

    await bar(page).getByRole('button', { name: 'Publicar ahora' }).click();
    await page
      .getByRole('dialog', { name: '¿Publicar las 12 mascotas que coinciden con la búsqueda y los filtros?' })
      .getByRole('button', { name: 'Publicar', exact: true })
      .click();
    await expect(summary(page)).toContainText('12 publicadas');
    await summary(page).getByRole('button', { name: 'Cerrar', exact: true }).click();

    await page.goto(`/?q=${suffix}&estado=publicada`);
    await expect(page.getByText('12 mascotas', { exact: true })).toBeVisible();
    await page.goto(`/?q=${suffix}&estado=borrador`);
    await expect(page.getByText('No hay mascotas que coincidan con la búsqueda o los filtros.')).toBeVisible();
  });

  test('eliminar en lote y Deshacer las devuelve a la lista', async ({ page }) => {
    await signIn(page, 'staff');
    const suffix = unique();
    const names = [`Dana ${suffix}`, `Eco ${suffix}`];
    for (const nombre of names) await createPet(page, { nombre });
    await page.goto(`/?q=${suffix}`);
    await page.getByRole('checkbox', { name: 'Seleccionar las mascotas de esta página' }).check();

    await bar(page).getByRole('button', { name: 'Eliminar' }).click();
    const confirm = page.getByRole('dialog', { name: '¿Eliminar 2 mascotas?' });
    await expect(confirm).toContainText('Podrás deshacerlo');
    await confirm.getByRole('button', { name: 'Eliminar', exact: true }).click();
    await expect(summary(page)).toContainText('2 eliminadas');
    await expect(page.getByText('No hay mascotas que coincidan con la búsqueda o los filtros.')).toBeVisible();

    await summary(page).getByRole('button', { name: 'Deshacer' }).click();
    await expect(page.getByText('2 mascotas vuelven a estar en la lista.')).toBeVisible();
    await expect(summary(page)).toBeHidden();
    for (const nombre of names) await expect(page.getByRole('link', { name: nombre, exact: true })).toBeVisible();
  });

  test('programar en lote pide una fecha que no esté en el pasado', async ({ page }) => {
    await signIn(page, 'staff');
    const suffix = unique();
    const nombre = `Fecha ${suffix}`;
    await createPet(page, { nombre });
    await page.goto(`/?q=${suffix}`);
    await page.getByRole('checkbox', { name: `Seleccionar a ${nombre}` }).check();
    await bar(page).getByRole('button', { name: 'Programar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Programar la publicación de 1 mascota' });
    await confirm.getByRole('button', { name: 'Programar', exact: true }).click();
    await expect(confirm).toContainText('Indica la fecha y hora de publicación.');
    await expectAccessible(page, 'Mascotas, programar en lote sin fecha');
    // Hours and minutes, typed as people type them; what will be saved is said in words before confirming.
    const picker = confirm.getByRole('group', { name: 'Fecha y hora de publicación' });
    const hora = picker.getByRole('combobox', { name: 'Hora' });
    await hora.fill('1030');
    await hora.press('Tab');
    await expect(hora).toHaveValue('10:30');
    await expect(picker.getByRole('status')).toHaveText('Falta el día.');
    const tomorrow = new Date(Date.now() + 86_400_000);
    const dayName = new Intl.DateTimeFormat('es-ES', { timeZone: 'Europe/Madrid', day: 'numeric', month: 'long', year: 'numeric' })
      .format(tomorrow)
      .replace(/ de /g, ' ');
    await picker.getByRole('button', { name: 'Día' }).click();
    await page.getByRole('button', { name: dayName, exact: true }).click();
    await expect(picker.getByRole('status')).toContainText(/^Se publicará el \S+ \d+ de \S+( de \d{4})? a las 10:30\.$/);
    await expectAccessible(page, 'Mascotas, programar en lote con fecha y hora');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(confirm).toBeHidden();
    await expect(bar(page)).toContainText('1 mascota seleccionada');
  });

  test('en un teléfono de 390 px: elegir tarjetas y marcar adoptadas con botones de al menos 44 px', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'staff');
    const suffix = unique();
    const names = [`Fito ${suffix}`, `Gala ${suffix}`];
    for (const nombre of names) await createPet(page, { nombre, genero: 'hembra' });
    await page.goto(`/?q=${suffix}`);

    const rowBox = page.getByRole('checkbox', { name: `Seleccionar a ${names[0]}` });
    // The checkbox's label area is the target a finger hits.
    const target = await rowBox.locator('xpath=ancestor::label[1]').boundingBox();
    expect(target!.width).toBeGreaterThanOrEqual(44);
    expect(target!.height).toBeGreaterThanOrEqual(44);
    await page.getByText('Seleccionar las mascotas de esta página').click();
    await expect(bar(page)).toContainText('2 mascotas seleccionadas');
    await expect(bar(page)).toBeInViewport();
    for (const button of await bar(page).getByRole('button').all()) {
      const box = await button.boundingBox();
      expect(box!.height, await button.innerText()).toBeGreaterThanOrEqual(44);
    }
    // Nothing of the bar leaves the screen sideways.
    const barBox = await bar(page).boundingBox();
    expect(barBox!.x + barBox!.width).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'Mascotas en un teléfono, dos tarjetas elegidas');

    await bar(page).getByRole('button', { name: 'Marcar adoptadas' }).click();
    await page.getByRole('dialog', { name: '¿Marcar como adoptadas 2 mascotas?' }).getByRole('button', { name: 'Marcar adoptadas' }).click();
    await expect(summary(page)).toContainText('2 marcadas como adoptadas');
    await summary(page).getByRole('button', { name: 'Cerrar', exact: true }).click();
    await page.goto(`/?q=${suffix}&adoptado=1`);
    await expect(page.getByText('2 mascotas', { exact: true })).toBeVisible();
  });
});
