import type { Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { accounts } from './support/accounts';
import { expect, signIn, test } from './support/fixtures';

const ROLE_LOOKUP = '/api/functions/getUserRoleByUid';

/** Signs in and waits until the sidebar's role lookup has answered, so absences are meaningful. */
async function signInAndWaitForRole(page: Page, who: 'admin' | 'staff') {
  const roleLookup = page.waitForResponse((response) => response.url().includes(ROLE_LOOKUP));
  await signIn(page, who);
  await roleLookup;
}

function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Menú principal' });
}

test.describe('sesión', () => {
  test('sin sesión, / lleva a /login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Correo electrónico')).toBeVisible();
    await expect(page.getByLabel('Contraseña')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  });

  test('/login recuerda adónde se quería ir', async ({ page }) => {
    await page.goto('/paquetes');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fpaquetes$/);
    await page.getByLabel('Correo electrónico').fill(accounts.staff.email);
    await page.getByLabel('Contraseña').fill(accounts.staff.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/paquetes$/);
    await expect(page.getByRole('heading', { name: 'Paquetes' })).toBeVisible();
  });

  test('el inicio de sesión lleva a / y la recarga mantiene la sesión', async ({ page }) => {
    await signIn(page, 'admin');
    await expect(page.getByRole('heading', { name: 'Mascotas' })).toBeVisible();
    const userName = `${accounts.admin.name} ${accounts.admin.lastname}`;
    await expect(page.getByRole('banner').getByText(userName)).toBeVisible();

    await page.reload();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Mascotas' })).toBeVisible();
    await expect(page.getByRole('banner').getByText(userName)).toBeVisible();
  });

  test('Cerrar Sesión desde el menú del encabezado vuelve a /login', async ({ page }) => {
    await signIn(page, 'staff');
    await page.getByRole('button', { name: `${accounts.staff.name} ${accounts.staff.lastname}` }).click();
    const menuItems = page.getByRole('menuitem');
    await expect(menuItems).toHaveText(['Cerrar Sesión']);
    await page.keyboard.press('Escape');
    // The person's own two-step sign-in is in the sidebar's "Más secciones".
    await page.getByRole('button', { name: 'Más secciones' }).click();
    await page.getByRole('link', { name: 'Verificación en dos pasos' }).click();
    await expect(page.getByRole('heading', { name: 'Verificación en dos pasos', level: 1 })).toBeVisible();
    await page.goto('/');
    await page.getByRole('button', { name: `${accounts.staff.name} ${accounts.staff.lastname}` }).click();
    await menuItems.filter({ hasText: 'Cerrar Sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);

    // The session really ended: the back-office is closed again.
    await page.goto('/borradores');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fborradores$/);
  });

  test('Cerrar Sesión desde el menú lateral vuelve a /login', async ({ page }) => {
    await signIn(page, 'staff');
    await sidebar(page).getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('mensajes de inicio de sesión', () => {
  test('credenciales incorrectas muestran el mensaje en español', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill(accounts.admin.email);
    await page.getByLabel('Contraseña').fill('no-es-la-clave');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByRole('alert')).toContainText('Correo o contraseña incorrectos.');
    await expectAccessible(page, '/login con el error del servidor');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('los campos vacíos o un correo mal escrito se señalan sin llamar al servidor', async ({ page }) => {
    let signInCalls = 0;
    await page.route('**/api/auth/sign-in/email', async (route) => {
      signInCalls += 1;
      await route.continue();
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByText('Ingresa tu correo electrónico.')).toBeVisible();
    await expect(page.getByText('Ingresa tu contraseña.')).toBeVisible();
    await expectAccessible(page, '/login con los campos vacíos señalados');
    await page.getByLabel('Correo electrónico').fill('ana@refugio');
    await page.getByLabel('Contraseña').fill('x');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByText('Ingresa un correo electrónico válido.')).toBeVisible();
    expect(signInCalls).toBe(0);
  });

  test('una cuenta bloqueada (429) muestra el mensaje del servidor', async ({ page }) => {
    const message = 'Demasiados intentos de inicio de sesión. Espera un minuto y vuelve a intentarlo.';
    await page.route('**/api/auth/sign-in/email', (route) =>
      route.fulfill({ status: 429, json: { code: 'RATE_LIMITED', message, requestId: 'e2e' } }),
    );
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill(accounts.admin.email);
    await page.getByLabel('Contraseña').fill(accounts.admin.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByRole('alert')).toContainText(message);
  });

  test('un fallo de red muestra que no hay conexión', async ({ page }) => {
    await page.goto('/login');
    await page.route('**/api/auth/sign-in/email', (route) => route.abort('internetdisconnected'));
    await page.getByLabel('Correo electrónico').fill(accounts.admin.email);
    await page.getByLabel('Contraseña').fill(accounts.admin.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByRole('alert')).toContainText('No se pudo conectar con el servidor.');
  });
});

test.describe('menú lateral', () => {
  test('el administrador ve Lista de Usuarios', async ({ page }) => {
    await signInAndWaitForRole(page, 'admin');
    const nav = sidebar(page);
    for (const label of ['Mascotas', 'Formularios de Solicitud', 'Publicaciones Programadas', 'Lista de Usuarios']) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await nav.getByRole('link', { name: 'Lista de Usuarios' }).click();
    await expect(page).toHaveURL(/\/lista$/);
    await expect(page.getByRole('heading', { name: 'Lista de Usuarios' })).toBeVisible();
  });

  test('un miembro del equipo no ve Lista de Usuarios', async ({ page }) => {
    await signInAndWaitForRole(page, 'staff');
    const nav = sidebar(page);
    await expect(nav.getByRole('link', { name: 'Mascotas', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Formularios de Solicitud' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Publicaciones Programadas' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Lista de Usuarios' })).toHaveCount(0);
  });

  test('si la consulta del rol falla, no aparece Lista de Usuarios', async ({ page }) => {
    await page.route(`**${ROLE_LOOKUP}*`, (route) => route.fulfill({ status: 500, json: { code: 'INTERNAL', message: 'Error', requestId: 'e2e' } }));
    await signInAndWaitForRole(page, 'admin');
    await expect(sidebar(page).getByRole('link', { name: 'Mascotas', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Lista de Usuarios' })).toHaveCount(0);
  });
});

test.describe('menú lateral en el móvil', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  async function openSidebar(page: Page) {
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect(page.getByRole('button', { name: 'Cerrar menú' })).toBeInViewport();
    await expect(page.getByTestId('sidebar-overlay')).toBeVisible();
  }

  async function expectSidebarClosed(page: Page) {
    await expect(page.getByTestId('sidebar-overlay')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Cerrar menú' })).not.toBeInViewport();
  }

  test('empieza cerrado, se abre con el botón del encabezado y se cierra con su botón', async ({ page }) => {
    await signIn(page, 'staff');
    await expectSidebarClosed(page);
    await expectAccessible(page, 'Mascotas, 390 px');
    await openSidebar(page);
    await expectAccessible(page, 'Mascotas, 390 px, con el menú lateral abierto');
    await page.getByRole('button', { name: 'Cerrar menú' }).click();
    await expectSidebarClosed(page);
  });

  test('se cierra al pulsar fuera, sobre el fondo oscurecido', async ({ page }) => {
    await signIn(page, 'staff');
    await openSidebar(page);
    await page.getByTestId('sidebar-overlay').click();
    await expectSidebarClosed(page);
  });

  test('se cierra al elegir un enlace', async ({ page }) => {
    await signIn(page, 'staff');
    await openSidebar(page);
    await page.getByRole('link', { name: 'Formularios de Solicitud' }).click();
    await expect(page).toHaveURL(/\/formularios$/);
    await expect(page.getByRole('heading', { name: 'Formularios de Solicitud' })).toBeVisible();
    await expectSidebarClosed(page);
  });
});

test.describe('estructura', () => {
  test('Escape cierra el panel lateral', async ({ page }) => {
    await signIn(page, 'staff');
    await page.getByRole('button', { name: 'Abrir panel lateral' }).click();
    const panel = page.getByRole('dialog', { name: 'Panel lateral' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Pendientes' })).toBeVisible();
    // The e2e server is shared by every spec: whether work is waiting depends on which ran first.
    await expect(panel.getByText(/^(Todo al día: no hay nada por revisar\.|Solicitudes de adopción nuevas)$/).first()).toBeVisible();
    await expectAccessible(page, 'panel lateral abierto');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  });

  test('los ajustes de diseño se mantienen al recargar', async ({ page }) => {
    await signIn(page, 'staff');
    await page.getByRole('button', { name: 'Abrir panel lateral' }).click();
    const compact = page.getByRole('switch', { name: 'Menú lateral compacto' });
    await expect(compact).not.toBeChecked();
    await compact.click();
    await expect(compact).toBeChecked();
    await page.keyboard.press('Escape');

    await page.reload();
    await page.getByRole('button', { name: 'Abrir panel lateral' }).click();
    await expect(page.getByRole('switch', { name: 'Menú lateral compacto' })).toBeChecked();
  });

  test('Saltar al contenido es lo primero que alcanza el teclado y lleva al contenido', async ({ page }) => {
    await signIn(page, 'staff');
    await page.goto('/paquetes');
    await expect(page.getByRole('heading', { name: 'Paquetes', level: 1 })).toBeVisible();
    const skip = page.getByRole('link', { name: 'Saltar al contenido' });
    await expect(skip).not.toBeInViewport();
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page).toHaveURL(/\/paquetes$/);
    // The next Tab lands inside the content, past the header and the sidebar.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('main').locator(':focus')).toHaveCount(1);
  });

  test('/blocks redirige a /blocks/styles', async ({ page }) => {
    await signIn(page, 'staff');
    await page.goto('/blocks');
    await expect(page).toHaveURL(/\/blocks\/styles$/);
    await expect(page.getByRole('heading', { name: 'Guía de estilos' })).toBeVisible();
    await expectAccessible(page, '/blocks/styles');
  });

  test('una dirección desconocida muestra la página 404', async ({ page }) => {
    await page.goto('/esta-pagina-no-existe');
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
    await expect(page.getByText('La página que buscas no existe o fue movida.')).toBeVisible();
    await expectAccessible(page, 'página 404');
  });

  test('las pantallas se muestran dentro de su diseño', async ({ page }) => {
    await signIn(page, 'staff');
    await page.goto('/paquetes');
    await expect(page.getByRole('heading', { name: 'Paquetes', level: 1 })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();

    // Outside the main layout: no header, no sidebar, and no sign-in needed.
    await page.context().clearCookies();
    await page.goto('/registro-mascota');
    await expect(page.getByRole('heading', { name: 'Registro de Mascota' })).toBeVisible();
    await expectAccessible(page, '/registro-mascota');
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Menú principal' })).toHaveCount(0);
  });

  test('/imagenes/:id está en el diseño principal sin pedir sesión', async ({ page }) => {
    await page.goto('/imagenes/3');
    await expect(page).toHaveURL(/\/imagenes\/3$/);
    await expect(page.getByRole('heading', { name: 'Imágenes de la Mascota' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expectAccessible(page, '/imagenes sin sesión, mascota no publicada o inexistente');
  });
});
