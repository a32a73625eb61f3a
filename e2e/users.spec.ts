import type { Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { accounts } from './support/accounts';
import { expect, openSecondBrowser, signIn, submitSignIn, test } from './support/fixtures';

/**
 * Staff accounts: an administrator creates, lists, edits and disables them; a new member must replace the
 * temporary password first. The server is shared with the other spec files: every account made here has
 * its own e-mail, and the harness's admin and staff accounts are never disabled, deleted or demoted.
 */

interface Member {
  name: string;
  lastname: string;
  email: string;
  password: string;
}

function newMember(label: string): Member {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { name: 'Lucía', lastname: `Prueba ${label}`, email: `${label}-${id}@refugio.test`, password: `temporal-${id}` };
}

function fullName(member: Pick<Member, 'name' | 'lastname'>) {
  return `${member.name} ${member.lastname}`;
}

/** Creates an account through the API, as the signed-in administrator of `page`. */
async function createMemberByApi(page: Page, member: Member) {
  const response = await page.request.post('/api/users', {
    headers: { origin: new URL(page.url()).origin },
    data: { name: member.name, lastname: member.lastname, mail: member.email, password: member.password, rol: 'Equipo' },
  });
  expect(response.status()).toBe(201);
}

/** The member's row in /lista, found through the search box. */
async function findRow(page: Page, email: string) {
  await page.getByRole('searchbox', { name: 'Buscar usuarios' }).fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  return row;
}

test.describe.serial('alta de un miembro del equipo', () => {
  const member = newMember('alta');
  const ownPassword = 'mi frase secreta de e2e';

  test('el administrador crea el usuario en /usuarionuevo y aparece en la lista', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/lista');
    await page.getByRole('link', { name: 'Nuevo usuario' }).click();
    await expect(page).toHaveURL(/\/usuarionuevo$/);
    await expect(page.getByRole('heading', { name: 'Agregar Usuario' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Permisos' })).toHaveValue('equipo-web');
    await expect(page.getByRole('textbox', { name: 'Color' })).toHaveValue('#3B82F6');
    await expectAccessible(page, '/usuarionuevo');

    await page.getByRole('textbox', { name: 'Nombre' }).fill(member.name);
    await page.getByRole('textbox', { name: 'Apellido' }).fill(member.lastname);
    await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(member.email);
    await page.getByLabel('Contraseña').fill(member.password);
    await page.getByRole('button', { name: 'Crear usuario' }).click();

    await expect(page).toHaveURL(/\/lista$/);
    await expect(page.getByText('Usuario creado correctamente.')).toBeVisible();
    const row = await findRow(page, member.email);
    await expect(row).toContainText(fullName(member));
    await expect(row).toContainText('Equipo');
    await expect(row).toContainText('equipo-web');
    await expect(row).toContainText('Activo');
    await expect(row).toContainText('Contraseña temporal');
    await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(member.email)}$`));
    await expectAccessible(page, '/lista con el aviso de usuario creado');
  });

  test('al entrar debe cambiar la contraseña temporal y luego no ve Lista de Usuarios', async ({ page }) => {
    await submitSignIn(page, member.email, member.password);
    await expect(page).toHaveURL(/\/cambiar-contrasena$/);
    await expect(page.getByRole('heading', { name: 'Cambiar contraseña' })).toBeVisible();
    await expectAccessible(page, '/cambiar-contrasena');

    // No other screen renders before the password is changed.
    await page.goto('/borradores');
    await expect(page).toHaveURL(/\/cambiar-contrasena$/);

    await page.getByLabel('Contraseña actual').fill(member.password);
    await page.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill(ownPassword);
    await page.getByLabel('Repite la nueva contraseña').fill(`${ownPassword}!`);
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(page.getByText('Las contraseñas no coinciden.')).toBeVisible();
    await expectAccessible(page, '/cambiar-contrasena con un error');

    await page.getByLabel('Repite la nueva contraseña').fill(ownPassword);
    const roleLookup = page.waitForResponse((response) => response.url().includes('/api/functions/getUserRoleByUid'));
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Tu contraseña se cambió correctamente.')).toBeVisible();
    await roleLookup;
    await expect(page.getByRole('heading', { name: 'Mascotas' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Menú principal' });
    await expect(nav.getByRole('link', { name: 'Mascotas', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Lista de Usuarios' })).toHaveCount(0);

    await page.goto('/lista');
    await expect(page.getByRole('heading', { name: 'No tienes permiso para ver esta página.' })).toBeVisible();
    await expectAccessible(page, '/lista sin permiso');
    await page.goto('/usuarionuevo');
    await expect(page.getByRole('heading', { name: 'No tienes permiso para ver esta página.' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Correo electrónico' })).toHaveCount(0);
  });

  test('al desactivarlo, su sesión abierta deja de servir al instante', async ({ page, browser, baseURL }) => {
    const second = await openSecondBrowser(browser, baseURL);
    const memberPage = second.page;
    await submitSignIn(memberPage, member.email, ownPassword);
    await expect(memberPage).toHaveURL(/\/$/);
    await expect(memberPage.getByRole('heading', { name: 'Mascotas' })).toBeVisible();

    await signIn(page, 'admin');
    await page.goto('/lista');
    const row = await findRow(page, member.email);
    await expect(row).not.toContainText('Contraseña temporal');
    await row.getByRole('button', { name: `Acciones de ${fullName(member)}` }).click();
    await page.getByRole('menuitem', { name: 'Desactivar' }).click();
    const confirm = page.getByRole('dialog', { name: `¿Desactivar a ${fullName(member)}?` });
    await expect(confirm).toContainText(member.email);
    await expectAccessible(page, '/lista, confirmar que se desactiva');
    await confirm.getByRole('button', { name: 'Desactivar' }).click();
    await expect(page.getByText(`${fullName(member)} ya no puede iniciar sesión.`)).toBeVisible();
    await expect(row).toContainText('Desactivado');

    await memberPage.reload();
    await expect(memberPage).toHaveURL(/\/login$/);
    await submitSignIn(memberPage, member.email, ownPassword);
    await expect(memberPage.getByRole('alert')).toContainText('Tu cuenta está desactivada.');
    await second.context.close();
  });
});

test.describe('gestión de usuarios', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'admin');
  });

  test('un correo ya registrado se señala bajo Correo electrónico', async ({ page }) => {
    await page.goto('/usuarionuevo');
    // Client-side rules first, without calling the server.
    await page.getByRole('button', { name: 'Crear usuario' }).click();
    await expect(page.getByText('El nombre es obligatorio.')).toBeVisible();
    await expect(page.getByText('La contraseña debe tener al menos 8 caracteres.')).toBeVisible();
    await expectAccessible(page, '/usuarionuevo con errores de validación');

    await page.getByRole('textbox', { name: 'Nombre' }).fill('Elena');
    await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(accounts.staff.email);
    await page.getByLabel('Contraseña').fill('otra-clave-temporal-1');
    await page.getByRole('button', { name: 'Crear usuario' }).click();
    const mail = page.getByRole('textbox', { name: 'Correo electrónico' });
    await expect(mail).toHaveAccessibleDescription('Ya existe un usuario con este correo.');
    await expect(mail).toBeFocused();
    await expect(page).toHaveURL(/\/usuarionuevo$/);
  });

  test('el administrador no puede desactivarse ni eliminarse a sí mismo', async ({ page }) => {
    await page.goto('/lista');
    const row = await findRow(page, accounts.admin.email);
    await expect(row).toContainText('Tú');
    await row.getByRole('button', { name: `Acciones de ${accounts.admin.name} ${accounts.admin.lastname}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Editar' })).toBeVisible();
    await expectAccessible(page, '/lista con el menú de acciones abierto');
    await expect(page.getByRole('menuitem', { name: 'Desactivar' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Eliminar' })).toHaveCount(0);
  });

  test('la búsqueda y el orden se guardan en la dirección', async ({ page }) => {
    await page.goto('/lista');
    await page.getByRole('button', { name: 'Correo', exact: true }).click();
    await expect(page).toHaveURL(/\/lista\?sort=mail$/);
    await expect(page.getByRole('columnheader', { name: 'Correo', exact: true })).toHaveAttribute('aria-sort', 'ascending');
    await page.getByRole('button', { name: 'Correo', exact: true }).click();
    await expect(page).toHaveURL(/\/lista\?sort=mail&order=desc$/);

    await page.getByRole('searchbox', { name: 'Buscar usuarios' }).fill('administradora');
    await expect(page).toHaveURL(/q=administradora/);
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Buscar usuarios' })).toHaveValue('administradora');
    await expect(page.getByRole('columnheader', { name: 'Correo', exact: true })).toHaveAttribute('aria-sort', 'descending');
    await expect(page.getByRole('row').filter({ hasText: accounts.admin.email })).toHaveCount(1);

    await page.getByRole('searchbox', { name: 'Buscar usuarios' }).fill('nadie-se-llama-asi');
    await expect(page.getByText('No hay usuarios que coincidan con «nadie-se-llama-asi».')).toBeVisible();
    await page.getByRole('button', { name: 'Limpiar búsqueda' }).first().click();
    await expect(page.getByRole('row').filter({ hasText: accounts.staff.email })).toHaveCount(1);
  });

  test('editar, restablecer la contraseña y eliminar, con sus avisos', async ({ page }) => {
    const member = newMember('edicion');
    await createMemberByApi(page, member);
    await page.goto('/lista');
    let row = await findRow(page, member.email);

    await row.getByRole('button', { name: `Acciones de ${fullName(member)}` }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: `Editar a ${fullName(member)}` });
    await expect(edit).toBeVisible();
    await expectAccessible(page, '/lista, editar usuario');
    await edit.getByRole('textbox', { name: 'Apellido' }).fill('Editada');
    await edit.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText(`Se guardaron los cambios de ${member.name} Editada.`)).toBeVisible();
    await expect(edit).toBeHidden();
    row = page.getByRole('row').filter({ hasText: member.email });
    await expect(row).toContainText(`${member.name} Editada`);
    const renamed = { ...member, lastname: 'Editada' };

    await row.getByRole('button', { name: `Acciones de ${fullName(renamed)}` }).click();
    await page.getByRole('menuitem', { name: 'Restablecer contraseña' }).click();
    const reset = page.getByRole('dialog', { name: 'Restablecer contraseña' });
    await reset.getByLabel('Contraseña temporal').fill('corta');
    await reset.getByRole('button', { name: 'Restablecer contraseña' }).click();
    await expect(reset.getByText('La contraseña debe tener al menos 8 caracteres.')).toBeVisible();
    await expectAccessible(page, '/lista, restablecer contraseña con un error');
    await reset.getByLabel('Contraseña temporal').fill('nueva-temporal-e2e-7');
    await reset.getByRole('button', { name: 'Restablecer contraseña' }).click();
    await expect(page.getByText(`${fullName(renamed)} deberá elegir una contraseña nueva`)).toBeVisible();

    await row.getByRole('button', { name: `Acciones de ${fullName(renamed)}` }).click();
    await page.getByRole('menuitem', { name: 'Eliminar' }).click();
    const confirm = page.getByRole('dialog', { name: `¿Eliminar a ${fullName(renamed)}?` });
    await expect(confirm).toContainText('no se puede deshacer');
    await expectAccessible(page, '/lista, confirmar que se elimina');
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText(`Se eliminó la cuenta de ${fullName(renamed)}.`)).toBeVisible();
    await expect(page.getByText(`No hay usuarios que coincidan con «${member.email}».`)).toBeVisible();
  });

  test('un rechazo del servidor se muestra con su mensaje en español', async ({ page }) => {
    const member = newMember('rechazo');
    await createMemberByApi(page, member);
    const lastAdmin = 'No se puede: es el último administrador activo. Nombra antes a otro administrador.';
    // Answered here, not by the server: the shared accounts must keep their role.
    await page.route('**/api/users/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 409, json: { code: 'CONFLICT', message: lastAdmin, requestId: 'e2e' } })
        : route.continue(),
    );
    await page.goto('/lista');
    const row = await findRow(page, member.email);
    await row.getByRole('button', { name: `Acciones de ${fullName(member)}` }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: `Editar a ${fullName(member)}` });
    await edit.getByRole('textbox', { name: 'Nombre' }).fill('Otra');
    await edit.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText(lastAdmin)).toBeVisible();
    await expect(edit).toBeVisible();
  });

  test('si la lista no se puede obtener se dice con el texto de la especificación', async ({ page }) => {
    await page.route(
      (url) => url.pathname === '/api/users',
      (route) => route.fulfill({ status: 500, json: { code: 'INTERNAL', message: 'Error', requestId: 'e2e' } }),
    );
    await page.goto('/lista');
    await expect(page.getByText('Error al obtener usuarios')).toBeVisible();
    await expectAccessible(page, '/lista sin la lista');
  });

  test('un correo largo no se parte: una línea, con «…» si no cabe y la dirección completa a mano, a 1280 y 390 px', async ({
    page,
    browser,
    baseURL,
  }) => {
    const member = newMember('correo');
    const longMember = { ...member, email: `maria.fernanda.gonzalez-rodriguez.voluntaria-${member.email}` };
    await createMemberByApi(page, longMember);

    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const context = await browser.newContext({ baseURL, viewport, locale: 'es-ES', hasTouch: viewport.width < 500 });
      const screen = await context.newPage();
      await signIn(screen, 'admin');
      await screen.goto(`/lista?q=${encodeURIComponent(longMember.email)}`);
      const address = screen.getByRole('link', { name: longMember.email });
      await expect(address).toBeVisible();
      await expect(address).toHaveAttribute('href', `mailto:${longMember.email}`);
      // One line: as tall as a line of its text, so never broken in the middle; cut with "…" since it does not fit.
      const box = await screen.evaluate<{ height: number; lineHeight: number; cut: boolean }>(`(() => {
        const shown = [...document.querySelectorAll('a[href="mailto:${longMember.email}"]')].find((a) => a.offsetParent !== null);
        return {
          height: shown.getBoundingClientRect().height,
          lineHeight: Number.parseFloat(getComputedStyle(shown).lineHeight),
          cut: shown.scrollWidth > shown.clientWidth,
        };
      })()`);
      expect(box.height).toBeLessThanOrEqual(box.lineHeight + 1);
      expect(box.cut).toBe(true);
      await expect(address).toHaveCSS('text-overflow', 'ellipsis');
      // The whole address is there for whoever needs it: pointing at it, focusing it or touching it.
      if (viewport.width < 500) await address.tap();
      else await address.focus();
      await expect(screen.getByRole('tooltip', { name: longMember.email })).toBeVisible();
      // No column is pushed out of sight: the row's actions stay on screen.
      await expect(screen.getByRole('button', { name: `Acciones de ${fullName(longMember)}` }).first()).toBeInViewport();
      await expectAccessible(screen, `/lista con un correo largo, ${viewport.width} px`);
      await context.close();
    }
  });
});
