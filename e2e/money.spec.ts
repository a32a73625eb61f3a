import type { APIRequestContext } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expectAccessible } from './support/accessibility';
import { expect, signIn, test } from './support/fixtures';
import { createPet, pick, unique } from './support/pets';

/**
 * Money (DESIGN section 15) as the treasurer lives it: the bank's statement is read on "Importar extracto" (a dry run
 * that finds the donor by the NIF written in the concept), the chosen credit is stored once, and the year's modelo
 * 182 is reviewed and downloaded as the AEAT's fixed-width file, with the donor in it.
 */

const LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
/** A DNI no other person of the run has, with its right check letter. */
function uniqueNif(): string {
  const number = 10_000_000 + (Date.now() % 80_000_000) + Math.floor(Math.random() * 1000);
  const digits = String(number % 100_000_000).padStart(8, '0');
  return `${digits}${LETTERS[Number(digits) % 23]}`;
}

/** The organisation's NIF and its Ley 49/2002 status, kept whatever else the settings hold (retried if another test saved meanwhile). */
async function organisationDeclares(request: APIRequestContext, origin: string) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const org = (await (await request.get('/api/organizacion')).json()) as Record<string, unknown> & { version: number };
    const keep = Object.fromEntries(
      ['nombre', 'email', 'telefono', 'direccion', 'web', 'registroEntidades', 'nucleoZoologico', 'acreedorSepa', 'ibanAcreedor']
        .filter((k) => org[k] !== null && org[k] !== undefined)
        .map((k) => [k, org[k]]),
    );
    const saved = await request.put('/api/organizacion', {
      headers: { origin },
      // The modelo 182's type-1 record names the entity and a contact telephone of 9 digits.
      data: {
        nombre: 'Protectora Patitas',
        ...keep,
        telefono: '+34600123456',
        zonaHoraria: org.zonaHoraria,
        nif: 'G28260008',
        ley49: true,
        version: org.version,
      },
    });
    if (saved.status() === 200) return;
    expect(saved.status(), await saved.text()).toBe(409);
  }
  throw new Error('could not save the organisation');
}

test('a bank statement finds the donor by the NIF in its concept, is stored once, and the donor is in the modelo 182', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin');
  const origin = new URL(page.url()).origin;
  await organisationDeclares(page.request, origin);

  const year = new Date().getFullYear() - 1;
  const nif = uniqueNif();
  const apellidos = `Donante ${unique()}`;
  const created = await page.request.post('/api/personas', {
    headers: { origin },
    data: { nombre: 'Iñaki', apellidos, nif, codigoPostal: '28001', email: `donante.${unique()}@example.org` },
  });
  expect(created.status(), await created.text()).toBe(201);

  // The bank's CSV export: Spanish dates and amounts, the NIF written in the concept, and a debit that is not a gift.
  const csv = [
    'Fecha;Concepto;Importe;Saldo',
    `15/03/${year};TRANSFERENCIA DONATIVO ${nif} PARA LOS PERROS;1.234,56;5.000,00`,
    `16/03/${year};RECIBO LUZ;-80,00;4.920,00`,
  ].join('\r\n');
  const statement = { name: `extracto-${year}.csv`, mimeType: 'text/csv', buffer: Buffer.from(`${csv}\r\n`, 'utf8') };

  await page.goto('/donativos/importar');
  await expect(page.getByRole('heading', { level: 1, name: 'Importar extracto' })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Elegir extracto' }).click();
  await (await chooser).setFiles(statement);
  const rows = page.getByRole('list', { name: 'Movimientos del extracto' });
  const row = rows.getByRole('listitem', { name: 'Fila 2' });
  await expect(row).toContainText(`Iñaki ${apellidos}`);
  await expect(row).toContainText('(coincide: NIF)');
  await expect(row.getByRole('checkbox')).toBeChecked();
  await expect(rows.getByRole('listitem')).toHaveCount(1);
  await expectAccessible(page, 'Importar extracto: la vista previa');
  await page.getByRole('button', { name: 'Registrar 1 donativo' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Registrar 1 donativo?' });
  await expect(dialog).toContainText('1.234,56 €');
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText(/1 donativo registrado/)).toBeVisible();

  // The same statement again: the credit is recognised and nothing is stored twice.
  await page.getByRole('button', { name: 'Importar otro extracto' }).click();
  const again = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Elegir extracto' }).click();
  await (await again).setFiles(statement);
  await expect(page.getByRole('list', { name: 'Movimientos del extracto' }).getByRole('listitem', { name: 'Fila 2' })).toContainText(
    'Ya está registrado',
  );
  const gifts = (await (await page.request.get(`/api/donativos?desde=${year}-03-15&hasta=${year}-03-15&pageSize=100`)).json()) as {
    items: { persona: { nombre: string } | null; importeCentimos: number }[];
  };
  expect(gifts.items.filter((g) => g.persona?.nombre.includes(apellidos)).map((g) => g.importeCentimos)).toEqual([123_456]);

  // The year's modelo 182: the donor is declared, and the file carries them.
  await page.goto(`/donativos/modelo-182?anio=${year}`);
  const declared = page.getByRole('table', { name: 'Personas declaradas' });
  await expect(declared).toContainText(apellidos);
  await expectAccessible(page, 'Modelo 182: la revisión');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar modelo 182' }).click();
  const file = await (await download).path();
  const text = (await readFile(file)).toString('latin1');
  const lines = text.split(/\r\n/).filter((line) => line.length > 0);
  expect(lines.every((line) => line.length === 250)).toBe(true);
  expect(lines[0]!.slice(0, 17)).toBe(`1182${year}G28260008`);
  const donor = lines.find((line) => line.slice(17, 26) === nif);
  expect(donor, 'the donor is a type-2 record').toBeDefined();
  expect(donor!.slice(75, 77)).toBe('28');
  expect(donor!.slice(83, 96)).toBe('0000000123456');
});

test('a sponsorship is created on the person page, choosing the pet by name in "Mascota apadrinada"', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin');
  const origin = new URL(page.url()).origin;
  const petName = `Canela ${unique()}`;
  await createPet(page, { nombre: petName, genero: 'hembra' });
  const created = await page.request.post('/api/personas', {
    headers: { origin },
    data: { nombre: 'Bruno', apellidos: `Padrino ${unique()}`, email: `padrino.${unique()}@example.org` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await page.goto(`/personas/${id}`);
  await page.getByRole('button', { name: 'Nueva cuota' }).click();
  const form = page.getByRole('region', { name: 'Nueva cuota' });
  await pick(page, 'Tipo', 'Padrino');
  const petField = form.getByRole('combobox', { name: 'Mascota apadrinada' });
  await petField.click();
  // Before anything is typed the field says what to do, and no empty listbox is shown.
  await expect(form.getByText('Escribe el nombre de la mascota')).toBeVisible();
  await expectAccessible(page, 'Nueva cuota: la mascota apadrinada, sin escribir');
  await petField.fill('zzzz-ninguna');
  await expect(form.getByText('Ninguna mascota con ese nombre')).toBeVisible();
  await expectAccessible(page, 'Nueva cuota: ninguna mascota con ese nombre');
  await petField.fill(petName);
  await page.getByRole('option', { name: petName, exact: true }).click();
  await expect(petField).toHaveValue(petName);
  await form.getByRole('textbox', { name: 'Importe (€)' }).fill('15');
  await pick(page, 'Forma de pago', 'Transferencia');
  await expectAccessible(page, 'Nueva cuota: un padrino');
  await form.getByRole('button', { name: 'Guardar cuota' }).click();
  await expect(form).toBeHidden();

  const fees = (await (await page.request.get(`/api/cuotas?personaId=${id}`)).json()) as {
    items: { tipo: string; mascota: { nombre: string } | null; importeCentimos: number }[];
  };
  expect(fees.items.map((f) => [f.tipo, f.mascota?.nombre, f.importeCentimos])).toEqual([['padrino', petName, 1500]]);
});
