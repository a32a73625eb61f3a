import type { Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { expect, signIn, test } from './support/fixtures';
import { createPet, unique } from './support/pets';

/**
 * The history of changes (DESIGN section 9): a pet's "Historial" on its page, and the administrators' "Auditoría"
 * with its filters, both told in Spanish ("Ana Administradora cambió el nombre de «…» a «…»").
 */

/** Renames a pet through the API, as the signed-in person of `page`. */
async function rename(page: Page, id: number, nombre: string) {
  const res = await page.request.post(`/phpApi/mascota/${id}/actualizar`, {
    headers: { origin: new URL(page.url()).origin },
    multipart: {
      nombre,
      edad: '4 años',
      tipo: 'Perro',
      genero: 'macho',
      tamano: 'grande',
      discapacidad: '0',
      adoptado: '0',
      fechaingreso: '2024-03-05 00:00:00',
      personalidad: 'Juguetón y cariñoso',
      historia: 'Llegó al refugio en invierno.',
      tags: JSON.stringify(['juguetón', 'cariñoso']),
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test.describe('history of changes', () => {
  test('a pet’s page tells its history, and an administrator finds the change in Auditoría', async ({ page }) => {
    await signIn(page, 'admin');
    const name = `Bruma ${unique()}`;
    const id = await createPet(page, { nombre: name });
    await rename(page, id, `${name} Gris`);

    await page.goto(`/mascota/${id}`);
    const history = page.getByRole('region', { name: 'Historial' });
    await expect(history).toBeVisible();
    const events = history.getByRole('list', { name: 'Historial de la mascota' });
    await expect(events.getByText(`Ana Administradora cambió el nombre de «${name}» a «${name} Gris».`)).toBeVisible();
    await expect(events.getByText(`Ana Administradora creó la mascota «${name} Gris».`)).toBeVisible();
    await expectAccessible(page, 'pet page with its history');

    await page.setViewportSize({ width: 390, height: 844 });
    await history.scrollIntoViewIfNeeded();
    await expect(events.getByText(`cambió el nombre de «${name}»`, { exact: false })).toBeVisible();
    await expectAccessible(page, 'pet history at 390 px');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Más secciones' }).click();
    await page.getByRole('link', { name: 'Auditoría' }).click();
    await expect(page.getByRole('heading', { name: 'Auditoría', level: 1 })).toBeVisible();
    const filters = page.getByRole('form', { name: 'Filtros de la auditoría' });
    await filters.getByRole('combobox', { name: 'Tipo de registro', exact: true }).click();
    await page.getByRole('option', { name: 'Mascota', exact: true }).click();
    await filters.getByRole('textbox', { name: 'Identificador del registro' }).fill(String(id));
    await filters.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page).toHaveURL(new RegExp(`entidadId=${id}`));
    const changes = page.getByRole('list', { name: 'Cambios registrados' });
    await expect(changes.getByText(`Ana Administradora cambió el nombre de «${name}» a «${name} Gris».`)).toBeVisible();
    await expect(page.getByText('2 cambios')).toBeVisible();
    await expectAccessible(page, 'Auditoría filtered by one pet');

    // A range that ends before today shows nothing; the day filters read the address, and show the day the Spanish way.
    await page.goto(`/auditoria?entidad=mascota&entidadId=${id}&hasta=2020-01-01`);
    await expect(page.getByText('No hay cambios con estos filtros.')).toBeVisible();
    await expect(filters.getByRole('button', { name: 'Hasta' })).toHaveText('01/01/2020');

    await page.setViewportSize({ width: 390, height: 844 });
    await filters.getByRole('button', { name: 'Limpiar filtros' }).click();
    await expect(changes).toBeVisible();
    await expectAccessible(page, 'Auditoría at 390 px');
  });

  test('the team sees a pet’s history but not Auditoría', async ({ page }) => {
    await signIn(page, 'staff');
    const id = await createPet(page, { nombre: `Nube ${unique()}` });
    await page.goto(`/mascota/${id}`);
    await expect(page.getByRole('region', { name: 'Historial' }).getByText('Elena Equipo creó la mascota', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Más secciones' }).click();
    await expect(page.getByRole('link', { name: 'Paquetes' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Auditoría' })).toHaveCount(0);
    await page.goto('/auditoria');
    await expect(page.getByRole('heading', { name: 'Auditoría', level: 1 })).toHaveCount(0);
    await expectAccessible(page, 'Auditoría refused to the team');
  });
});
