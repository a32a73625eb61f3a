import { expectAccessible } from './support/accessibility';
import { expect, signIn, test } from './support/fixtures';
import { createPet, pick, unique, uniqueMicrochip } from './support/pets';

/**
 * The register book (DESIGN section 16): a dog that came in in 2024 and died in 2025 is a closed line of the 2024
 * book; the team filters it, checks the book is intact, downloads the PDF and the spreadsheet, and reads it on a phone.
 */

test.describe('register book', () => {
  test('the team reads the year, filters closed lines, verifies the book and downloads it (1280 px and 390 px)', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, 'staff');
    const microchip = uniqueMicrochip();
    const petId = await createPet(page, { nombre: `Libro ${unique()}`, microchip });
    const headers = { origin: new URL(page.url()).origin };
    const pet = await page.request.get(`/phpApi/mascota/${petId}`);
    const { version } = (await pet.json()) as { version: number };
    const died = await page.request.post(`/api/mascotas/${petId}/movimientos`, {
      headers,
      data: { tipo: 'fallecimiento', fecha: '2025-01-10', motivo: 'Parada cardiaca', veterinario: 'Dr. Soler', version },
    });
    expect(died.status(), await died.text()).toBe(201);

    await page.goto('/');
    await page.getByRole('button', { name: 'Más secciones' }).click();
    await page.getByRole('link', { name: 'Libro de registro' }).click();
    await expect(page.getByRole('heading', { name: 'Libro de registro', level: 1 })).toBeVisible();
    await pick(page, 'Año', '2024');
    await expect(page).toHaveURL(/anio=2024/);
    const table = page.getByRole('table', { name: 'Líneas del libro de registro' });
    const row = table.getByRole('row').filter({ hasText: microchip });
    await expect(row).toContainText('Fallecimiento');
    await expect(row).toContainText('Parada cardiaca');
    await expect(row).toContainText('Cerrada');
    await pick(page, 'Estado', 'Cerradas');
    await expect(row).toBeVisible();
    await pick(page, 'Estado', 'Abiertas');
    await expect(row).toBeHidden();
    await pick(page, 'Estado', 'Cerradas');
    await expectAccessible(page, 'Libro de registro, 1280 px');

    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'El libro de 2024 está íntegro' })).toBeVisible();
    await expectAccessible(page, 'Libro de registro verificado, 1280 px');

    const pdf = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar PDF' }).click();
    expect((await pdf).suggestedFilename()).toBe('libro-registro-2024.pdf');
    const xlsx = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar Excel' }).click();
    expect((await xlsx).suggestedFilename()).toBe('libro-registro-2024.xlsx');

    // On a phone each line is a card.
    await page.setViewportSize({ width: 390, height: 844 });
    const cards = page.getByRole('list', { name: 'Líneas del libro de registro' });
    await expect(cards.getByRole('listitem').filter({ hasText: microchip })).toContainText('Fallecimiento');
    await expectAccessible(page, 'Libro de registro, 390 px');
  });
});
