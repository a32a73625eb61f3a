import { expectAccessible } from './support/accessibility';
import { expect, signIn, test } from './support/fixtures';
import { createPet, unique } from './support/pets';

/**
 * The annual report and the ready reports (DESIGN section 16): a rescued rabbit comes in today; the team reads the
 * year's memoria (without money) and the intakes report, subscribes to it every month and leaves; an administrator
 * sees the income too.
 */

test.describe('memoria and informes', () => {
  test('the team reads the year and a report, subscribes monthly; an administrator also sees the money (1280 px)', async ({ page, browser }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, 'staff');
    const origin = new URL(page.url()).origin;
    const petId = await createPet(page, { nombre: `Tambor ${unique()}`, tipo: 'Conejo' });
    const pet = (await (await page.request.get(`/phpApi/mascota/${petId}`)).json()) as { version: number };
    const today = new Date().toISOString().slice(0, 10);
    const moved = await page.request.post(`/api/mascotas/${petId}/movimientos`, {
      headers: { origin },
      data: { tipo: 'ingreso', fecha: today, procedencia: 'rescate', version: pet.version },
    });
    expect(moved.status(), await moved.text()).toBe(201);
    const year = today.slice(0, 4);

    // From the menu.
    await page.getByRole('button', { name: 'Más secciones' }).click();
    await page.getByRole('link', { name: 'Memoria anual' }).click();
    await expect(page.getByRole('heading', { name: /Memoria anual \d{4}/, level: 1 })).toBeVisible();
    await page.getByRole('combobox', { name: 'Año' }).click();
    await page.getByRole('option', { name: year }).click();
    await expect(page).toHaveURL(new RegExp(`/memoria\\?anio=${year}$`));
    await expect(page.getByRole('heading', { name: `Memoria anual ${year}`, level: 1 })).toBeVisible();
    const origins = page.getByRole('figure', { name: 'Entradas por procedencia' });
    await expect(origins.getByRole('rowheader', { name: 'Rescate' })).toBeAttached();
    await expect(page.getByRole('region', { name: 'Voluntariado' })).toContainText(/personas? voluntarias?, [\d,]+ horas/);
    await expect(page.getByRole('region', { name: 'Ingresos por concepto' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Descargar PDF' })).toHaveAttribute('href', `/api/memoria?anio=${year}&formato=pdf`);
    const pdf = await page.request.get(`/api/memoria?anio=${year}&formato=pdf`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await expectAccessible(page, 'Memoria anual, 1280 px');

    await page.goto(`/informes?clave=entradas-salidas&desde=${year}-01-01&hasta=${today}`);
    await expect(page.getByRole('heading', { name: 'Entradas y salidas', level: 2, exact: true })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Informes disponibles' }).getByText('Donativos y cuotas')).toHaveCount(0);
    const totals = page.getByRole('region', { name: 'Totales' });
    await expect(totals.getByText('Entradas', { exact: true })).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Entradas y salidas por mes' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Descargar Excel' })).toHaveAttribute('href', /formato=xlsx/);
    const monthly = page.getByRole('switch', { name: /Recibir este informe cada mes/ });
    await expect(monthly).toBeEnabled();
    if (await monthly.isChecked()) {
      await monthly.click({ force: true });
      await expect(monthly).not.toBeChecked();
    }
    await monthly.click({ force: true });
    await expect(monthly).toBeChecked();
    const mine = (await (await page.request.get('/api/informes/suscripciones')).json()) as { items: { clave: string }[] };
    expect(mine.items.map((s) => s.clave)).toContain('entradas-salidas');
    await expectAccessible(page, 'Informes, 1280 px');
    await monthly.click({ force: true });
    await expect(monthly).not.toBeChecked();
    // A reversed range says why, in Spanish.
    await page.getByLabel('Desde').fill(`${Number(year) + 1}-01-01`);
    await page.getByRole('button', { name: 'Ver informe' }).click();
    await expect(page.getByText('La fecha desde no puede ser posterior a la fecha hasta.')).toBeVisible();

    // An administrator sees the income and the money report.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await context.newPage();
    await signIn(admin, 'admin');
    await admin.goto(`/memoria?anio=${year}`);
    await expect(admin.getByRole('region', { name: 'Ingresos por concepto' })).toBeVisible();
    await admin.goto('/informes');
    await expect(admin.getByRole('navigation', { name: 'Informes disponibles' }).getByText('Donativos y cuotas')).toBeVisible();
    await context.close();
  });
});
