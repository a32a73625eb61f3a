import { expectAccessible } from './support/accessibility';
import { expect, openSecondBrowser, submitSignIn, test } from './support/fixtures';
import { signIn } from './support/fixtures';
import { totpCode } from './support/totp';

/**
 * The two-step sign-in on a phone: a member turns it on (QR code, backup codes, one code of the app), signs in with
 * the password and the app's code, renews the backup codes and signs in with one, then turns it off. The member is
 * made through the API; the journey is the screens'.
 */
test('a member turns on the two-step sign-in on a phone and signs in with a code', async ({ page, browser, baseURL }) => {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const member = { email: `dos-pasos-${id}@refugio.test`, password: `temporal-${id}`, mine: `mi-frase-de-paseo-${id}` };
  await signIn(page, 'admin');
  const origin = { origin: new URL(page.url()).origin };
  const created = await page.request.post('/api/users', {
    headers: origin,
    data: { name: 'Teresa', lastname: 'Tesorera', mail: member.email, password: member.password, rol: 'Tesorería' },
  });
  expect(created.status()).toBe(201);

  const { context, page: phone } = await openSecondBrowser(browser, baseURL);
  await phone.setViewportSize({ width: 390, height: 844 });
  // The temporary password replaced through the API: the journey here is the second step's.
  expect(
    (await phone.request.post('/api/auth/sign-in/email', { headers: origin, data: { email: member.email, password: member.password } })).status(),
  ).toBe(200);
  const changed = await phone.request.post('/api/auth/change-password', {
    headers: origin,
    data: { currentPassword: member.password, newPassword: member.mine },
  });
  expect(changed.status()).toBe(200);

  await phone.goto('/cuenta/dos-pasos');
  await expect(phone.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible();
  await phone.getByLabel('Contraseña actual').fill(member.mine);
  await phone.getByRole('button', { name: 'Continuar' }).click();
  await expect(phone.getByRole('img', { name: 'Código QR para la aplicación de autenticación' })).toBeVisible();
  await expect(phone.getByRole('list', { name: 'Códigos de respaldo' }).getByRole('listitem')).toHaveCount(10);
  await expectAccessible(phone, '/cuenta/dos-pasos (390 px)');
  const secret = (await phone.getByTestId('clave-totp').textContent()) ?? '';
  const uri = `otpauth://totp/x?secret=${secret}`;
  await phone.getByLabel('Código de la aplicación').fill(totpCode(uri));
  await phone.getByRole('button', { name: 'Activar' }).click();
  await expect(phone.getByText('Tu cuenta pide un código de tu aplicación de autenticación al iniciar sesión.')).toBeVisible();

  await phone.request.post('/api/auth/sign-out', { headers: origin });
  await submitSignIn(phone, member.email, member.mine);
  const codeField = phone.getByLabel('Código de verificación');
  await expect(codeField).toBeVisible();
  await expectAccessible(phone, '/login, second step (390 px)');
  // The next period's code: the one just used to enrol may not be taken twice.
  await codeField.fill(totpCode(uri, Date.now() + 30_000));
  await phone.getByRole('button', { name: 'Verificar' }).click();
  await expect(phone).toHaveURL(/\/$/);

  // New backup codes, confirmed with the password: shown once, and one of them signs in.
  await phone.goto('/cuenta/dos-pasos');
  await phone.getByRole('button', { name: 'Generar códigos de respaldo nuevos' }).click();
  const renewDialog = phone.getByRole('dialog', { name: 'Generar códigos de respaldo nuevos' });
  await expect(renewDialog.getByText('Los códigos de respaldo que tienes ahora dejarán de servir.', { exact: false })).toBeVisible();
  await renewDialog.getByLabel('Contraseña actual').fill('no-es-mi-clave');
  await renewDialog.getByRole('button', { name: 'Generar códigos nuevos' }).click();
  await expect(renewDialog.getByRole('alert')).toBeVisible();
  await renewDialog.getByLabel('Contraseña actual').fill(member.mine);
  await renewDialog.getByRole('button', { name: 'Generar códigos nuevos' }).click();
  await expect(renewDialog).toBeHidden();
  const fresh = phone.getByRole('list', { name: 'Códigos de respaldo' }).getByRole('listitem');
  await expect(fresh).toHaveCount(10);
  await expect(phone.getByRole('button', { name: 'Descargar los códigos' })).toBeVisible();
  await expectAccessible(phone, '/cuenta/dos-pasos, new backup codes (390 px)');
  const backup = ((await fresh.first().textContent()) ?? '').trim();
  expect(backup).not.toBe('');

  await phone.request.post('/api/auth/sign-out', { headers: origin });
  await submitSignIn(phone, member.email, member.mine);
  await phone.getByLabel('Código de verificación').fill(backup);
  await phone.getByRole('button', { name: 'Verificar' }).click();
  await expect(phone).toHaveURL(/\/$/);

  // Turning it off, confirmed with the password: the next sign-in asks the password only.
  await phone.goto('/cuenta/dos-pasos');
  await phone.getByRole('button', { name: 'Desactivar' }).click();
  const offDialog = phone.getByRole('dialog', { name: 'Desactivar la verificación en dos pasos' });
  await offDialog.getByLabel('Contraseña actual').fill(member.mine);
  await offDialog.getByRole('button', { name: 'Desactivar' }).click();
  await expect(phone.getByText('Al entrar solo se pedirá tu contraseña.', { exact: false })).toBeVisible();
  await phone.request.post('/api/auth/sign-out', { headers: origin });
  await submitSignIn(phone, member.email, member.mine);
  await expect(phone).toHaveURL(/\/$/);
  await context.close();
});
