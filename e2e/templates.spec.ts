import { expectAccessible } from './support/accessibility';
import { expect, signIn, test } from './support/fixtures';

/**
 * The message templates (DESIGN section 10): an administrator edits one with its live preview, inserts a variable
 * by clicking it, is refused an unknown variable in Spanish, is asked before leaving unsaved changes, and saves.
 * "Configuración" and "Mensajes" are checked for accessibility too.
 */
test.describe('message templates', () => {
  test('an administrator edits a template with its live preview, and nothing typed is lost', async ({ page }) => {
    await signIn(page, 'admin');
    await page.getByRole('button', { name: 'Más secciones' }).click();
    await page.getByRole('link', { name: 'Plantillas' }).click();
    await expect(page.getByRole('heading', { name: 'Plantillas', level: 1 })).toBeVisible();

    await page.getByRole('combobox', { name: 'Plantilla', exact: true }).click();
    await page.getByRole('option', { name: /Seguimiento tras la adopción/ }).click();
    await expect(page.getByRole('heading', { name: 'Seguimiento tras la adopción', level: 2 })).toBeVisible();

    const body = page.getByRole('textbox', { name: 'Texto' });
    await body.fill('Hola, ');
    await page.getByRole('button', { name: 'Insertar nombre de la persona: {{persona.nombre}}' }).click();
    await expect(body).toHaveValue('Hola, {{persona.nombre}}');
    await expect(page.getByTestId('template-preview')).toContainText('Hola, Lucía');
    await expectAccessible(page, 'template editor');

    // Leaving with changes not saved asks first; staying keeps the text.
    await page.getByRole('link', { name: 'Mascotas' }).first().click();
    const dialog = page.getByRole('dialog', { name: '¿Salir sin guardar?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Seguir editando' }).click();
    await expect(body).toHaveValue('Hola, {{persona.nombre}}');

    await body.fill('Hola, {{persona.apellido}}');
    await page.getByRole('button', { name: 'Guardar plantilla' }).click();
    await expect(page.getByText('La variable {{persona.apellido}} no existe', { exact: false }).first()).toBeVisible();
    await expect(body).toHaveValue('Hola, {{persona.apellido}}');

    await body.fill('Hola, {{persona.nombre}}: ¿qué tal está {{mascota.nombre}}? Cuéntanos aquí: {{enlace}}');
    await page.getByRole('button', { name: 'Guardar plantilla' }).click();
    await expect(page.getByText('Plantilla guardada.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Guardar plantilla' })).toBeDisabled();

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('template-preview')).toContainText('¿qué tal está Luna?');
    await expectAccessible(page, 'template editor at 390 px');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test('Configuración says whether e-mail is configured, and Mensajes lists by state', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/configuracion');
    await expect(page.getByRole('heading', { name: 'Configuración', level: 1 })).toBeVisible();
    // The journeys run with a test SMTP server (support/global-setup.ts), so e-mail is configured.
    await expect(page.getByText('El correo está configurado', { exact: false })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Zona horaria' })).not.toHaveValue('');
    await expectAccessible(page, 'Configuración');

    await page.goto('/mensajes?estado=fallido');
    await expect(page.getByRole('heading', { name: 'Mensajes', level: 1 })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Avisarme de cada solicitud de adopción nueva' })).toBeVisible();
    await expectAccessible(page, 'Mensajes');
  });
});
