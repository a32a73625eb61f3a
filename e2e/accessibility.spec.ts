import type { Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { accounts } from './support/accounts';
import { expect, signIn, test } from './support/fixtures';
import { jpeg } from './support/media';
import { createPet, unique } from './support/pets';

/*
 * The main screens in the dark colour scheme (the journeys check them in light, each in its own spec): axe-core
 * finds no critical or serious WCAG 2.2 AA violation. The scheme is the system's (`prefers-color-scheme`),
 * which the app follows until someone picks one in the side overlay.
 */

test.use({ colorScheme: 'dark' });

async function expectDark(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
}

test.describe('pantallas principales en modo oscuro', () => {
  test('inicio de sesión, mascotas, filtros, panel lateral, producto, visor y edición', async ({ page }) => {
    // A dozen screens, each checked twice by axe (2-3 s a check on a loaded machine).
    test.setTimeout(150_000);
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill(accounts.staff.email);
    await page.getByLabel('Contraseña').fill('no-es-la-clave');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByRole('alert')).toContainText('Correo o contraseña incorrectos.');
    await expectDark(page);
    await expectAccessible(page, 'oscuro: /login con un error');

    await signIn(page, 'staff');
    const nombre = `Noche ${unique()}`;
    const id = await createPet(page, { nombre, images: [await jpeg('a.jpg', '#553311'), await jpeg('b.jpg', '#113355')] });
    await page.goto(`/?q=${encodeURIComponent(nombre)}`);
    await expect(page.getByRole('link', { name: nombre, exact: true })).toBeVisible();
    await expectAccessible(page, 'oscuro: Mascotas');
    await page.getByRole('button', { name: 'Filtros' }).click();
    await expect(page.getByRole('combobox', { name: 'Tipo', exact: true })).toBeVisible();
    await expectAccessible(page, 'oscuro: Mascotas con los filtros abiertos');
    // The search box's clear button: a target of at least 24 px (WCAG 2.2, 2.5.8).
    expect((await page.getByRole('button', { name: 'Limpiar búsqueda' }).boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(24);

    await page.getByRole('button', { name: /^Abrir panel lateral/ }).click();
    await expect(page.getByRole('dialog', { name: 'Panel lateral' }).getByRole('heading', { name: 'Pendientes' })).toBeVisible();
    await expectAccessible(page, 'oscuro: panel lateral');
    await page.keyboard.press('Escape');

    await page.goto(`/mascota/${id}`);
    await expect(page.getByRole('heading', { name: nombre, level: 1 })).toBeVisible();
    await expectAccessible(page, 'oscuro: Producto');
    await page.getByRole('button', { name: 'Ver imagen 1 a pantalla completa' }).click();
    await expect(page.getByRole('dialog', { name: new RegExp(nombre) })).toContainText('Imagen 1 de 2');
    await expectAccessible(page, 'oscuro: visor de imágenes');
    await page.keyboard.press('Escape');

    await page.goto(`/editar/${id}`);
    await expect(page.getByLabel('Nombre')).toHaveValue(nombre);
    await page.getByLabel('Nombre').fill('');
    await page.getByRole('button', { name: 'GUARDAR MASCOTA' }).click();
    await expect(page.getByText('El nombre es obligatorio.')).toBeVisible();
    await expectAccessible(page, 'oscuro: Editar con un error');
    await page.getByRole('button', { name: 'Agregar imágenes' }).click();
    await expect(page.getByRole('dialog', { name: 'Carga de Imágenes' })).toBeVisible();
    await expectAccessible(page, 'oscuro: diálogo de imágenes');
  });

  test('usuarios, solicitudes, publicaciones, panel, paquetes y enlaces', async ({ page }) => {
    // A dozen screens, each checked twice by axe (2-3 s a check on a loaded machine).
    test.setTimeout(150_000);
    await signIn(page, 'admin');
    await page.goto('/lista');
    await expect(page.getByRole('row').filter({ hasText: accounts.staff.email })).toHaveCount(1);
    await expectAccessible(page, 'oscuro: /lista');
    const staffName = `${accounts.staff.name} ${accounts.staff.lastname}`;
    await page.getByRole('button', { name: `Acciones de ${staffName}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Editar' })).toBeVisible();
    await expectAccessible(page, 'oscuro: /lista con el menú de acciones');
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    await expect(page.getByRole('dialog', { name: `Editar a ${staffName}` })).toBeVisible();
    await expectAccessible(page, 'oscuro: editar usuario');
    await page.keyboard.press('Escape');

    for (const [path, heading] of [
      ['/usuarionuevo', 'Agregar Usuario'],
      ['/formularios', 'Formularios de Solicitud'],
      ['/borradores', 'Publicaciones Programadas'],
      ['/dashboard', 'Panel de control'],
      ['/paquetes', 'Paquetes'],
      ['/solicitud-publicacion', 'Solicitudes de publicación'],
      ['/enlaces-admin', 'Enlaces de Registro'],
      ['/blocks/styles', 'Guía de estilos'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      // Lists and charts fill in after the heading: wait until nothing is loading.
      await expect(page.getByText(/^Cargando/)).toHaveCount(0);
      await expectDark(page);
      await expectAccessible(page, `oscuro: ${path}`);
    }
    await page.goto('/borradores');
    await page.getByText('Calendario', { exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Publicaciones Programadas', level: 1 })).toBeVisible();
    await expectAccessible(page, 'oscuro: /borradores, calendario');
  });

  test('páginas públicas y el teléfono', async ({ page, browser, baseURL }) => {
    await page.goto('/esta-pagina-no-existe');
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
    await expectAccessible(page, 'oscuro: página 404');
    await page.goto('/registro-mascota');
    await expect(page.getByRole('heading', { name: 'Registro de Mascota' })).toBeVisible();
    await expectAccessible(page, 'oscuro: /registro-mascota');
    await page.goto('/adopta');
    await expect(page.getByRole('heading', { level: 1, name: 'Mascotas en adopción' })).toBeVisible();
    await expectAccessible(page, 'oscuro: /adopta');

    const phone = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'es-ES',
      colorScheme: 'dark',
    });
    const mobile = await phone.newPage();
    await signIn(mobile, 'staff');
    await expectAccessible(mobile, 'oscuro: Mascotas, 390 px');
    await mobile.getByRole('button', { name: 'Abrir menú' }).click();
    await expect(mobile.getByRole('button', { name: 'Cerrar menú' })).toBeInViewport();
    await expectAccessible(mobile, 'oscuro: Mascotas, 390 px, con el menú lateral abierto');
    await phone.close();
  });
});
