import { expectAccessible } from './support/accessibility';
import { expect, signIn, test } from './support/fixtures';
import { mailCount, waitForMail } from './support/mail';
import { unique, uniqueMicrochip } from './support/pets';
import { drawWithFinger } from './support/signature';

/**
 * A surrender (DESIGN section 19): the owner fills /cesion on a 390 px phone; staff put it on the waiting list and
 * tell the owner by e-mail from the step's template, edited; staff accept it, which prepares the surrender contract,
 * and send it by e-mail; the owner signs on the phone with the e-mailed code through /firmar;
 * the animal enters the shelter and its record is linked from the request.
 */
test('an owner asks to surrender on a phone, staff accept and send the contract, the owner signs it and the animal enters', async ({
  page,
  browser,
  baseURL,
}) => {
  const animal = `Lupo ${unique()}`;
  const owner = `Elena Cede ${unique()}`;
  const email = `${owner.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.org`;
  const microchip = uniqueMicrochip();

  const phone = await browser.newContext({ baseURL, locale: 'es-ES', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const mobile = await phone.newPage();
  await mobile.goto('/cesion');
  await mobile.getByLabel('Tu nombre').fill(owner);
  await mobile.getByLabel('DNI o NIE').fill('12345678Z');
  await mobile.getByLabel('Correo electrónico').fill(email);
  await mobile.getByLabel('Su nombre').fill(animal);
  await mobile.getByRole('radio', { name: 'Perro' }).check();
  await mobile.getByRole('radio', { name: 'Macho' }).check();
  await mobile.getByLabel('Edad aproximada').fill('4 años');
  await mobile.getByLabel('Microchip (si lo tiene)').fill(microchip);
  await mobile.getByLabel('Motivo').fill('Me mudo al extranjero y no puedo llevarlo conmigo.');
  await mobile.getByRole('radio', { name: /^Alta/ }).check();
  await mobile.getByRole('checkbox', { name: 'He leído y acepto el aviso de privacidad.' }).check();
  await expectAccessible(mobile, 'Cesión rellenada en un móvil');
  await mobile.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(mobile.getByRole('heading', { name: 'Hemos recibido tu solicitud' })).toBeVisible();
  const id = Number(await mobile.locator('.confirmation strong').innerText());

  // Staff accept it: the contract is prepared with the owner's and the animal's data.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'staff');
  await page.goto('/cesiones');
  await expect(page.getByRole('heading', { name: 'En el refugio ahora' })).toBeVisible();
  await page.goto(`/cesiones/${id}`);
  await page.getByRole('button', { name: 'Pasar a lista de espera' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Pasar a lista de espera' }).click();
  // The owner is told: the waiting list's template filled in with the request's data, edited, sent by e-mail.
  const tell = page.getByRole('dialog', { name: `Avisar a ${owner}` });
  const text = tell.getByRole('textbox', { name: 'Texto' });
  await expect(text).toHaveValue(new RegExp(`^Hola, ${owner}:[\\s\\S]*\\(nº ${id}\\)[\\s\\S]*lista de espera`));
  await expect(tell.getByRole('textbox', { name: 'Asunto' })).toHaveValue(`Tu solicitud de cesión de ${animal} está en lista de espera`);
  await text.press('Control+End');
  await text.pressSequentially('\n\nTe llamaremos esta semana.');
  await expectAccessible(page, 'Avisar al propietario de la lista de espera');
  const beforeNotice = mailCount();
  await tell.getByRole('button', { name: 'Enviar correo' }).click();
  await expect(tell).toBeHidden();
  const notice = await waitForMail(email, /lista de espera/i, beforeNotice);
  expect(notice.text).toContain('Te llamaremos esta semana.');
  const messages = page.getByRole('region', { name: 'Mensajes al propietario' });
  await expect(messages.getByText(`Tu solicitud de cesión de ${animal} está en lista de espera`)).toBeVisible();

  await page.getByRole('button', { name: 'Aceptar la cesión' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Aceptar la cesión' }).click();
  // Accepting offers its own message; the contract's e-mail tells the owner here, so none is sent now.
  await expect(tell.getByRole('textbox', { name: 'Asunto' })).toHaveValue(`Hemos aceptado tu solicitud de cesión de ${animal}`);
  await tell.getByRole('button', { name: 'No enviar' }).click();
  await expect(tell).toBeHidden();
  const card = page.getByRole('region', { name: 'Contrato de cesión' });
  await expect(card.getByText(/^Preparado: todavía no se ha enviado/)).toBeVisible();
  await expectAccessible(page, 'Cesión aceptada con su contrato');

  const before = mailCount();
  await card.getByRole('button', { name: 'Enviar para firmar' }).click();
  const send = page.getByRole('dialog', { name: 'Enviar para firmar' });
  await send.getByRole('radio', { name: 'Por correo electrónico' }).check();
  await send.getByRole('button', { name: 'Enviar' }).click();
  const url = await send.getByRole('textbox', { name: 'Enlace para firmar' }).inputValue();
  await send.getByRole('button', { name: 'Cerrar', exact: true }).click();
  const invitation = await waitForMail(email, /cesión/i, before);
  expect(invitation.text).toContain(new URL(url).pathname);

  // The owner signs on the phone with the e-mailed code.
  await mobile.goto(new URL(url).pathname);
  await expect(mobile.getByRole('heading', { level: 1, name: `Contrato de cesión de ${animal}` })).toBeVisible();
  const beforeCode = mailCount();
  await mobile.getByRole('button', { name: 'Enviarme el código' }).click();
  const codeMail = await waitForMail(email, /código/i, beforeCode);
  const code = /\b(\d{6})\b/.exec(codeMail.text)?.[1];
  expect(code, codeMail.text).toBeDefined();
  await mobile.getByLabel('Código de 6 cifras').fill(code!);
  await mobile.getByLabel('Nombre completo').fill(owner);
  await drawWithFinger(mobile, mobile.getByRole('img', { name: 'Recuadro para dibujar la firma' }));
  await mobile.getByRole('checkbox', { name: 'He leído y acepto el contrato' }).check();
  await expectAccessible(mobile, 'Firmar la cesión en un móvil');
  await mobile.getByRole('button', { name: 'Firmar' }).click();
  await expect(mobile.getByRole('heading', { name: 'Contrato firmado' })).toBeVisible();
  await phone.close();

  // The animal has entered: the request links to its record.
  await page.reload();
  await expect(page.getByText('El animal ha entrado en el refugio')).toBeVisible();
  await page.getByRole('link', { name: `Ver la ficha de ${animal}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: animal })).toBeVisible();
  await page.goto(`/cesiones/${id}`);
  await expect(card.getByText(new RegExp(`^Firmado el .* por ${owner}\\.$`))).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'Cesión firmada en un móvil');
});
