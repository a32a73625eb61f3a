import { expectAccessible } from './support/accessibility';
import { expect, signIn, test } from './support/fixtures';
import { unique } from './support/pets';

/**
 * /colabora (DESIGN section 15) on a 390 px phone: a stranger becomes a member by direct debit. A wrong NIF is
 * refused by the server on its field and nothing typed is lost; corrected, the thank-you shows the IBAN masked. Then an
 * administrator confirms the pending fee (through the API) and it is active.
 */

test('a stranger becomes a member from a phone, and an administrator confirms the pending fee', async ({ page, browser, baseURL }) => {
  const apellidos = `Socia ${unique()}`;
  const email = `socia.${unique()}@example.com`;

  const phoneContext = await browser.newContext({ baseURL, locale: 'es-ES', viewport: { width: 390, height: 844 } });
  const phone = await phoneContext.newPage();
  await phone.goto('/colabora');
  await expect(phone.getByRole('heading', { level: 1, name: /^Colabora con/ })).toBeVisible();
  const how = phone.getByRole('group', { name: '¿Cómo quieres colaborar?' });
  await expect(how.getByRole('radio')).toHaveCount(3);
  await expectAccessible(phone, 'Colabora en un móvil');

  await how.getByRole('radio', { name: /Hazte socio/ }).check();
  await phone
    .getByRole('group', { name: 'Importe' })
    .getByRole('radio', { name: /^10,00 €$/ })
    .check();
  await phone.getByLabel('Cada cuánto').selectOption('mensual');
  await phone.getByLabel('Nombre', { exact: true }).fill('Lucía');
  await phone.getByLabel('Apellidos').fill(apellidos);
  await phone.getByLabel('NIF o NIE').fill('12345678A');
  await phone.getByLabel('Correo electrónico').fill(email);
  await phone.getByLabel('Código postal').fill('28001');
  await phone.getByLabel('IBAN de tu cuenta').fill('ES91 2100 0418 4502 0005 1332');
  await expect(phone.getByText(/orden de domiciliación, autorizas a/)).toBeVisible();
  await phone.getByLabel(/Acepto la orden de domiciliación SEPA/).check();
  await phone.getByLabel(/acepto el aviso de privacidad/).check();
  await phone.getByRole('button', { name: 'Enviar' }).click();

  // The server refuses the NIF's letter on its field; everything typed is still there.
  await expect(phone.getByRole('alert')).toContainText('Revisa los campos marcados');
  const nif = phone.getByLabel('NIF o NIE');
  await expect(nif).toHaveAttribute('aria-invalid', 'true');
  await expect(nif).toBeFocused();
  await expect(phone.getByLabel('Apellidos')).toHaveValue(apellidos);
  await expect(phone.getByLabel('IBAN de tu cuenta')).toHaveValue('ES91 2100 0418 4502 0005 1332');
  await expectAccessible(phone, 'Colabora con un error en un móvil');

  await nif.fill('12345678Z');
  await phone.getByRole('button', { name: 'Enviar' }).click();
  await expect(phone.getByRole('heading', { name: '¡Gracias por colaborar!' })).toBeVisible();
  await expect(phone.getByText(/Hazte socio: 10,00 € \(mensual\)/)).toBeVisible();
  await expect(phone.getByText('ES9121000418450200051332')).toHaveCount(0);
  await expect(phone.getByText(/^ES91 .*1332$/)).toBeVisible();
  await expectAccessible(phone, 'Colabora enviado en un móvil');
  await phoneContext.close();

  // An administrator finds the pending fee and confirms it.
  await signIn(page, 'admin');
  const origin = { origin: new URL(page.url()).origin };
  const list = (await (await page.request.get('/api/cuotas?estado=pendiente&pageSize=100')).json()) as {
    items: { id: number; version: number; persona: { nombre: string }; estado: string; iban: string }[];
  };
  const pending = list.items.find((fee) => fee.persona.nombre.includes(apellidos));
  expect(pending, JSON.stringify(list.items.map((f) => f.persona.nombre))).toBeDefined();
  expect(pending!.iban).not.toBe('ES9121000418450200051332');
  const confirmed = await page.request.post(`/api/cuotas/${pending!.id}/confirmar`, { headers: origin, data: { version: pending!.version } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  expect(((await confirmed.json()) as { estado: string }).estado).toBe('activa');
  const again = await page.request.post(`/api/cuotas/${pending!.id}/confirmar`, { headers: origin, data: { version: pending!.version } });
  expect(again.status()).toBe(409);
});
