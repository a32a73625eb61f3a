import type { Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { applyForAdoption, createPublishedPet } from './support/adoption';
import { expect, signIn, test } from './support/fixtures';
import { mailCount, receivedMail, waitForMail } from './support/mail';
import { drawWithFinger, drawWithMouse } from './support/signature';
import { unique, uniqueMicrochip } from './support/pets';

/**
 * Closing an adoption (DESIGN section 13): from an approved request staff prepare the contract with the fee and
 * send it by e-mail; the adopter opens /firmar/{token} on a 390 px phone, gets the code by e-mail, draws the
 * signature and signs; staff see it signed and intact. And the same signature in person on the staff's screen.
 */

/** An approved adoption request of a new pet, with its person linked; answers the request's id and the e-mail. */
async function approvedRequest(
  page: Page,
  petName: string,
  applicant: string,
  contact: { email?: string; telefono?: string } = {},
): Promise<{ id: number; email: string }> {
  const origin = { origin: new URL(page.url()).origin };
  // Ley 7/2023 art. 58: no dog goes without its microchip.
  const petId = await createPublishedPet(page, petName, { microchip: uniqueMicrochip() });
  const id = await applyForAdoption(page.request, petId, applicant, contact);
  const email = contact.email ?? `${applicant.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.org`;
  let version = 0;
  // The request is linked to its person just after it arrives.
  await expect
    .poll(async () => {
      const request = (await (await page.request.get(`/api/solicitudes-adopcion/${id}`)).json()) as { personaId?: number | null; version: number };
      version = request.version;
      return request.personaId ?? null;
    })
    .not.toBeNull();
  for (const estado of ['en_revision', 'aprobada']) {
    const moved = await page.request.post(`/api/solicitudes-adopcion/${id}/estado`, { headers: origin, data: { estado, version } });
    expect(moved.status(), await moved.text()).toBe(200);
    version = ((await moved.json()) as { version: number }).version;
  }
  return { id, email };
}

test('a contract prepared with its fee, sent by e-mail, signed on a phone with the e-mailed code, and verified', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'staff');
  const petName = `Trufa ${unique()}`;
  const applicant = `Lucía Firma ${unique()}`;
  const { id, email } = await approvedRequest(page, petName, applicant);

  await page.goto(`/formulario/${id}`);
  const card = page.getByRole('region', { name: 'Contrato de adopción' });
  await card.getByRole('button', { name: 'Preparar contrato' }).click();
  const prepare = page.getByRole('dialog', { name: 'Preparar contrato de adopción' });
  await prepare.getByLabel('Forma de pago', { exact: true }).click();
  await page.getByRole('option', { name: 'Bizum' }).click();
  await prepare.getByRole('textbox', { name: /Cuota de adopción/ }).fill('150');
  await expectAccessible(page, 'Preparar contrato');
  await prepare.getByRole('button', { name: 'Preparar contrato' }).click();
  await expect(card.getByText(/^Preparado: todavía no se ha enviado/)).toBeVisible();
  await expect(card.getByRole('link', { name: 'Ver PDF' })).toHaveAttribute('href', /\/api\/documentos\/\d+\/pdf$/);
  await expect(card.getByText(/Registrada: 150,00 € · Bizum · sin pagar/)).toBeVisible();

  const before = mailCount();
  await card.getByRole('button', { name: 'Enviar para firmar' }).click();
  const send = page.getByRole('dialog', { name: 'Enviar para firmar' });
  await send.getByRole('radio', { name: 'Por correo electrónico' }).check();
  await send.getByRole('button', { name: 'Enviar' }).click();
  const url = await send.getByRole('textbox', { name: 'Enlace para firmar' }).inputValue();
  expect(url).toMatch(/\/firmar\/[A-Za-z0-9_-]{22,}$/);
  await expectAccessible(page, 'Enlace para firmar enviado');
  await send.getByRole('button', { name: 'Cerrar', exact: true }).click();
  await expect(card.getByText(/^Enviado para firmar \(vence el /)).toBeVisible();
  const invitation = await waitForMail(email, /contrato/i, before);
  expect(invitation.text).toContain(new URL(url).pathname);

  // The adopter, on a touch phone, without an account.
  const phone = await browser.newContext({ baseURL, locale: 'es-ES', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const adopter = await phone.newPage();
  await adopter.goto(new URL(url).pathname);
  await expect(adopter.getByRole('heading', { level: 1, name: `Contrato de adopción de ${petName}` })).toBeVisible();
  await expect(adopter.getByRole('link', { name: 'Abrir el contrato (PDF)' })).toHaveAttribute('href', /\/api\/firma\/.+\/pdf$/);
  await expectAccessible(adopter, 'Firmar el contrato en un móvil');
  const beforeCode = mailCount();
  await adopter.getByRole('button', { name: 'Enviarme el código' }).click();
  await expect(adopter.getByText(/^Código enviado a /)).toBeVisible();
  const codeMail = await waitForMail(email, /código/i, beforeCode);
  const code = /\b(\d{6})\b/.exec(codeMail.text)?.[1];
  expect(code, codeMail.text).toBeDefined();

  await adopter.getByLabel('Código de 6 cifras').fill(code!);
  await adopter.getByLabel('Nombre completo').fill(applicant);
  const pad = adopter.getByRole('img', { name: 'Recuadro para dibujar la firma' });
  await drawWithFinger(adopter, pad);
  // "Borrar" empties the pad: signing now asks for the drawing, and keeps the rest.
  await adopter.getByRole('button', { name: 'Borrar' }).click();
  await adopter.getByRole('checkbox', { name: 'He leído y acepto el contrato' }).check();
  await adopter.getByRole('button', { name: 'Firmar' }).click();
  await expect(adopter.getByText('Dibuja tu firma en el recuadro o usa tu nombre escrito como firma.')).toBeVisible();
  await expect(adopter.getByLabel('Nombre completo')).toHaveValue(applicant);
  await drawWithFinger(adopter, pad);
  await expectAccessible(adopter, 'Firmar con todo rellenado');
  await adopter.getByRole('button', { name: 'Firmar' }).click();
  await expect(adopter.getByRole('heading', { name: 'Contrato firmado' })).toBeVisible();
  await expect(adopter.getByText(/copia firmada por correo/)).toBeVisible();
  await expectAccessible(adopter, 'Contrato firmado en un móvil');
  // The same link cannot sign again.
  await adopter.reload();
  await expect(adopter.getByRole('heading', { name: 'Este contrato ya está firmado.' })).toBeVisible();
  await phone.close();
  await waitForMail(email, /firmado/i, beforeCode);

  // Staff see it signed, and intact.
  await page.reload();
  await expect(card.getByText(new RegExp(`^Firmado el .* por ${applicant}\\.$`))).toBeVisible();
  await card.getByRole('button', { name: 'Verificar integridad' }).click();
  await expect(card.getByText('Íntegro')).toBeVisible();
  await expect(card.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  await expectAccessible(page, 'Contrato firmado y verificado');

  // The pet's page lists the contract with a link to the request.
  const pet = (await (await page.request.get(`/api/solicitudes-adopcion/${id}`)).json()) as { mascota: { id: number } };
  await page.goto(`/mascota/${pet.mascota.id}`);
  const contracts = page.getByRole('region', { name: 'Contratos' });
  await expect(contracts.getByText('Firmado')).toBeVisible();
  await expect(contracts.getByRole('link', { name: `Solicitud nº ${id}` })).toHaveAttribute('href', `/formulario/${id}`);
});

test('the adopter signs in person on the staff screen, without a code', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, 'staff');
  const applicant = `Pablo Presencial ${unique()}`;
  const { id } = await approvedRequest(page, `Nube ${unique()}`, applicant);

  await page.goto(`/formulario/${id}`);
  const card = page.getByRole('region', { name: 'Contrato de adopción' });
  await card.getByRole('button', { name: 'Preparar contrato' }).click();
  const prepare = page.getByRole('dialog', { name: 'Preparar contrato de adopción' });
  await prepare.getByLabel('Forma de pago', { exact: true }).click();
  await page.getByRole('option', { name: /Exento/ }).click();
  await prepare.getByRole('button', { name: 'Preparar contrato' }).click();
  await expect(card.getByText(/^Preparado:/)).toBeVisible();

  await card.getByRole('button', { name: 'Firmar aquí' }).click();
  const dialog = page.getByRole('dialog', { name: 'Firma en persona' });
  await expect(dialog.getByRole('link', { name: 'Abrir el contrato (PDF)' })).toBeVisible();
  await expect(dialog.getByLabel(/Código/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Firmar' }).click();
  await expect(dialog.getByText('Escribe tu nombre completo.')).toBeVisible();
  await dialog.getByLabel('Nombre completo').fill(applicant);
  await drawWithMouse(page, dialog.getByRole('img', { name: 'Recuadro para dibujar la firma' }));
  await dialog.getByRole('checkbox', { name: 'He leído y acepto el contrato' }).check();
  await expectAccessible(page, 'Firma en persona');
  await dialog.getByRole('button', { name: 'Firmar' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(new RegExp(`^Firmado el .* por ${applicant} en persona ante `))).toBeVisible();
  await card.getByRole('button', { name: 'Verificar integridad' }).click();
  await expect(card.getByText('Íntegro')).toBeVisible();
});

test('an application sharing a first name and phone under another e-mail is flagged; what is missing is completed; the contract goes to its own e-mail', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'staff');
  const tag = unique();
  const telefono = `+34 6${String(Date.now()).slice(-8)}`;
  // Someone applies first with the applicant's first name and phone, and a mailbox of their own.
  const otherEmail = `otra.${tag}@example.org`;
  await applyForAdoption(page.request, await createPublishedPet(page, `Bruma ${tag}`), `Irene Otra ${tag}`, { email: otherEmail, telefono });
  const email = `irene.${tag}@example.org`;
  const { id } = await approvedRequest(page, `Brisa ${tag}`, `Irene Real ${tag}`, { email, telefono });

  await page.goto(`/formulario/${id}`);
  const contact = page.getByRole('region', { name: 'Contacto de la solicitud' });
  await expect(contact.getByText('Posible duplicado')).toBeVisible();
  await expect(contact.getByRole('link', { name: `Irene Otra ${tag}` })).toHaveAttribute('href', /\/personas\/\d+$/);
  await expect(contact.getByText(email)).toBeVisible();
  await expectAccessible(page, 'Solicitud con un posible duplicado');

  // Preparing says what the contract would leave blank; the adopter's document is completed right there.
  const card = page.getByRole('region', { name: 'Contrato de adopción' });
  await card.getByRole('button', { name: 'Preparar contrato' }).click();
  const prepare = page.getByRole('dialog', { name: 'Preparar contrato de adopción' });
  const missing = prepare.getByRole('alert').filter({ hasText: 'Faltan datos para el contrato' });
  await expect(missing.getByText('El documento de identidad de la persona adoptante')).toBeVisible();
  await expectAccessible(page, 'Preparar contrato con datos que faltan');
  await missing.getByLabel('Documento de identidad').fill('12345678Z');
  await missing.getByRole('button', { name: 'Guardar en la ficha' }).click();
  await expect(prepare.getByText('El documento de identidad de la persona adoptante')).toBeHidden();
  await prepare.getByLabel('Forma de pago', { exact: true }).click();
  await page.getByRole('option', { name: /Exento/ }).click();
  await prepare.getByRole('button', { name: 'Preparar contrato' }).click();
  await expect(card.getByText(/^Preparado:/)).toBeVisible();

  const before = mailCount();
  await card.getByRole('button', { name: 'Enviar para firmar' }).click();
  const send = page.getByRole('dialog', { name: 'Enviar para firmar' });
  await send.getByRole('radio', { name: 'Por correo electrónico' }).check();
  await send.getByRole('button', { name: 'Enviar' }).click();
  const url = await send.getByRole('textbox', { name: 'Enlace para firmar' }).inputValue();
  const invitation = await waitForMail(email, /contrato/i, before);
  expect(invitation.text).toContain(new URL(url).pathname);
  expect(
    receivedMail()
      .slice(before)
      .filter((m) => m.to.includes(otherEmail)),
  ).toEqual([]);
});

test('an administrator edits the contract template: no subject, and the preview is the rendered document', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/plantillas');
  await page.getByRole('combobox', { name: 'Plantilla', exact: true }).click();
  await page.getByRole('option', { name: /^Contrato de adopción/ }).click();
  await expect(page.getByRole('heading', { name: 'Contrato de adopción', level: 2 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Asunto' })).toHaveCount(0);
  const preview = page.getByTestId('template-preview');
  await expect(preview.getByRole('heading', { level: 1, name: 'Contrato de adopción' })).toBeVisible();
  await expect(preview.getByRole('heading', { level: 2, name: 'Reunidos' })).toBeVisible();
  await expect(preview.locator('strong').first()).toBeVisible();
  await expectAccessible(page, 'Plantilla del contrato de adopción');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'Plantilla del contrato de adopción a 390 px');
});

test('an unknown signing link says so', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/firmar/${'x'.repeat(43)}`);
  await expect(page.getByText('Este enlace no es válido.')).toBeVisible();
  await expectAccessible(page, 'Enlace de firma desconocido');
});
