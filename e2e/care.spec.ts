import type { Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { expect, openSecondBrowser, signIn, test } from './support/fixtures';
import { png } from './support/media';
import { chooseFiles, createPet, unique } from './support/pets';

/**
 * Care records (DESIGN section 11): a protocol applied from the pet's Salud page, a dose marked done from a
 * phone on Cuidados (two taps, saved at once, 'Deshacer' while the toast lasts), a record saved done with its
 * repetition, the public health badges, and the printable history.
 */

/** A day relative to today, 'YYYY-MM-DD' (UTC is close enough for a date a week away). */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function addRecord(page: Page, petId: number, record: Record<string, unknown>): Promise<{ id: number }> {
  const res = await page.request.post(`/api/mascotas/${petId}/salud`, { headers: { origin: new URL(page.url()).origin }, data: record });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

test.describe('care records', () => {
  test('an administrator applies a protocol to a dog, sees the planned steps, attaches a certificate and prints the history', async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, 'admin');
    const name = `Trufa ${unique()}`;
    const id = await createPet(page, { nombre: name, tipo: 'Perro' });

    await page.goto(`/mascota/${id}`);
    await page.getByRole('link', { name: 'Salud' }).click();
    await expect(page.getByRole('heading', { name: `Salud de ${name}`, level: 1 })).toBeVisible();
    await expect(page.getByText('Todavía no hay registros de salud.')).toBeVisible();

    await page.getByRole('button', { name: 'Aplicar protocolo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Aplicar protocolo' });
    await dialog.getByRole('combobox', { name: 'Protocolo' }).click();
    await page.getByRole('option').first().click();
    const preview = dialog.getByRole('table', { name: 'Pasos que se programarán' });
    await expect(preview.getByRole('row').nth(1)).toBeVisible();
    await expect(dialog.getByText('Punto de partida')).toBeVisible();
    await expectAccessible(page, 'Aplicar protocolo con la vista previa');
    await dialog.getByRole('button', { name: /^Aplicar y programar/ }).click();
    await expect(page.getByText('Protocolo aplicado')).toBeVisible();
    await expect(dialog).toBeHidden();
    const vaccines = page.getByRole('region', { name: 'Vacunas' });
    await expect(vaccines.getByText(/^Previsto el/).first()).toBeVisible();
    await expectAccessible(page, 'Salud con el protocolo aplicado');
    // A certificate attached to the first vaccine, downloaded by staff, then removed.
    const first = vaccines.getByRole('listitem').first();
    await first.getByRole('button', { name: /^Más acciones/ }).click();
    await chooseFiles(page, page.getByRole('menuitem', { name: 'Adjuntar archivo' }), [await png('certificado.png', '#2b7a3d')]);
    await expect(page.getByText('Archivo adjuntado')).toBeVisible();
    const link = first.getByRole('link', { name: 'certificado.png' });
    const download = await page.request.get((await link.getAttribute('href'))!);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toContain('image/png');
    await first.getByRole('button', { name: 'Quitar el adjunto certificado.png' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Quitar' }).click();
    await expect(link).toBeHidden();

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(vaccines).toBeVisible();
    await expectAccessible(page, 'Salud con el protocolo aplicado, 390 px');
    await page.setViewportSize({ width: 1280, height: 900 });

    // "Imprimir historia clínica" opens the PDF in a new tab.
    const pdf = context.waitForEvent('response', (response) => response.url().endsWith(`/api/mascotas/${id}/salud.pdf`));
    await page.getByRole('link', { name: 'Imprimir historia clínica' }).click();
    const response = await pdf;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
  });

  test('a volunteer marks a dose done on a phone in two taps and closes the tab at once: the dose is done', async ({ page, context }) => {
    // 'Hecho' is saved at once: closing the tab while the toast still offers 'Deshacer' loses nothing.
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'staff');
    const name = `Pipa ${unique()}`;
    const id = await createPet(page, { nombre: name, tipo: 'Gato', genero: 'hembra' });
    const dose = `Trivalente ${unique()}`;
    const record = await addRecord(page, id, { tipo: 'vacuna', nombre: dose, fechaProgramada: dayFromToday(-3), repetirCadaDias: 365 });

    await page.goto('/cuidados');
    await expect(page.getByRole('heading', { name: 'Cuidados', level: 1 })).toBeVisible();
    const card = page.getByRole('listitem', { name: `${dose}, ${name}` });
    await expect(card.getByText(/^Vencido hace/)).toBeVisible();
    await expectAccessible(page, 'Cuidados, 390 px');

    await card.getByRole('button', { name: /^Hecho/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Marcar como hecho' });
    await expect(confirm.getByLabel(/Fecha en que se hizo/)).not.toHaveValue('');
    await expectAccessible(page, 'Marcar como hecho, 390 px');
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText('Marcado como hecho')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Deshacer' })).toBeVisible();
    await expectAccessible(page, 'Cuidados con el aviso de Deshacer, 390 px');
    // The volunteer closes the tab right away, the toast still on screen.
    await page.close();

    const again = await context.newPage();
    await again.setViewportSize({ width: 390, height: 844 });
    await again.goto('/cuidados');
    await expect(again.getByRole('heading', { name: 'Cuidados', level: 1 })).toBeVisible();
    await expect(again.getByRole('list', { name: 'Cuidados por hacer' }).or(again.getByText(/^Todo al día/))).toBeVisible();
    await expect(again.getByRole('listitem', { name: `${dose}, ${name}` })).toHaveCount(0);
    await again.goto(`/mascota/${id}/salud`);
    await expect(again.getByRole('heading', { name: `Salud de ${name}`, level: 1 })).toBeVisible();
    const sheet = (await (await again.request.get(`/api/mascotas/${id}/salud`)).json()) as {
      registros: { id: number; fechaRealizada: string | null }[];
      proximos: { id: number; nombre: string; fechaProgramada: string }[];
    };
    expect(sheet.registros.find((r) => r.id === record.id)?.fechaRealizada).toBeTruthy();
    // Its repetition planned the next dose, as 'Hecho' always does.
    expect(sheet.proximos.map((r) => r.nombre)).toEqual([dose]);
  });

  test("a tab closed without 'pagehide' (a phone discarding it in the background) right after Hecho still keeps the dose done", async ({
    page,
    context,
  }) => {
    // Mobile browsers may discard a backgrounded tab without 'pagehide' (or 'unload'): only a mark already sent survives.
    await signIn(page, 'staff');
    const name = `Moka ${unique()}`;
    const id = await createPet(page, { nombre: name, tipo: 'Gato' });
    const dose = `Leucemia ${unique()}`;
    const record = await addRecord(page, id, { tipo: 'vacuna', nombre: dose, fechaProgramada: dayFromToday(-2) });
    // This tab will never hear 'pagehide': its listeners are never added (as if the phone froze and discarded it).
    await page.addInitScript(`(() => {
      const add = window.addEventListener.bind(window);
      window.addEventListener = (type, ...rest) => {
        if (type !== 'pagehide') add(type, ...rest);
      };
    })()`);
    await page.goto('/cuidados');
    const card = page.getByRole('listitem', { name: `${dose}, ${name}` });
    await card.getByRole('button', { name: /^Hecho/ }).click();
    await page.getByRole('dialog', { name: 'Marcar como hecho' }).getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByRole('button', { name: 'Deshacer' })).toBeVisible();
    await page.close();

    const again = await context.newPage();
    await again.goto('/cuidados');
    await expect(again.getByRole('heading', { name: 'Cuidados', level: 1 })).toBeVisible();
    await expect(again.getByRole('list', { name: 'Cuidados por hacer' }).or(again.getByText(/^Todo al día/))).toBeVisible();
    await expect(again.getByRole('listitem', { name: `${dose}, ${name}` })).toHaveCount(0);
    const sheet = (await (await again.request.get(`/api/mascotas/${id}/salud`)).json()) as { registros: { id: number }[] };
    expect(sheet.registros.map((r) => r.id)).toEqual([record.id]);
  });

  test("'Deshacer' after 'Hecho' puts the dose back as pending and takes away the next dose it planned", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'staff');
    const name = `Nala ${unique()}`;
    const id = await createPet(page, { nombre: name, tipo: 'Perro', genero: 'hembra' });
    const dose = `Pipeta ${unique()}`;
    const record = await addRecord(page, id, {
      tipo: 'desparasitacion_externa',
      nombre: dose,
      fechaProgramada: dayFromToday(-1),
      repetirCadaDias: 30,
    });

    await page.goto('/cuidados');
    const card = page.getByRole('listitem', { name: `${dose}, ${name}` });
    await expect(card).toBeVisible();
    const marked = page.waitForResponse((r) => r.url().endsWith(`/api/salud/${record.id}/hecho`) && r.request().method() === 'POST');
    await card.getByRole('button', { name: /^Hecho/ }).click();
    await page.getByRole('dialog', { name: 'Marcar como hecho' }).getByRole('button', { name: 'Confirmar' }).click();
    await expect(card).toBeHidden();
    expect((await marked).status()).toBe(200);

    const undone = page.waitForResponse((r) => r.url().endsWith(`/api/salud/${record.id}/hecho/deshacer`) && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Deshacer' }).click();
    expect((await undone).status()).toBe(200);
    await expect(page.getByText(`${dose} sigue pendiente.`)).toBeVisible();
    await expect(card).toBeVisible();
    await expectAccessible(page, 'Cuidados tras Deshacer, 390 px');

    // Read again from the server: pending, and no next dose left behind.
    await page.reload();
    await expect(page.getByRole('listitem', { name: `${dose}, ${name}` })).toBeVisible();
    const sheet = (await (await page.request.get(`/api/mascotas/${id}/salud`)).json()) as {
      registros: unknown[];
      proximos: { id: number; fechaRealizada: string | null }[];
    };
    expect(sheet.registros).toEqual([]);
    expect(sheet.proximos.map((r) => [r.id, r.fechaRealizada])).toEqual([[record.id, null]]);
  });

  test('saving a care record done with a repetition confirms it and plans the next dose', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, 'staff');
    const name = `Simba ${unique()}`;
    const id = await createPet(page, { nombre: name, tipo: 'Gato' });
    await page.goto(`/mascota/${id}/salud`);
    await page.getByRole('button', { name: 'Añadir registro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo registro de salud' });
    await dialog.getByRole('textbox', { name: /Nombre/ }).fill('Rabia');
    await dialog.getByLabel('Fecha de realización').fill(dayFromToday(-1));
    await dialog.getByRole('textbox', { name: /Repetir cada/ }).fill('365');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Registro añadido')).toBeVisible();
    await expect(page.getByText(/^Rabia\. La siguiente queda programada para el /)).toBeVisible();
    await expect(dialog).toBeHidden();
    const vaccines = page.getByRole('region', { name: 'Vacunas' });
    await expect(vaccines.getByText(/^Previsto el/)).toBeVisible();
    await expectAccessible(page, 'Salud tras guardar un registro con repetición');
  });

  test('the public page of a vaccinated, microchipped pet shows its badges and nothing more', async ({ page, browser, baseURL }) => {
    await signIn(page, 'admin');
    const name = `Canela ${unique()}`;
    const id = await createPet(page, { nombre: name, estado: 'publicada' });
    const lote = `L${unique()}`;
    await addRecord(page, id, { tipo: 'vacuna', nombre: 'Rabia', fechaRealizada: dayFromToday(-10), lote });
    const chip = `9410000${String(Date.now()).slice(-8)}`;
    const res = await page.request.post(`/phpApi/mascota/${id}/actualizar`, {
      headers: { origin: new URL(page.url()).origin },
      multipart: {
        nombre: name,
        edad: '4 años',
        tipo: 'Perro',
        genero: 'macho',
        tamano: 'grande',
        discapacidad: '0',
        adoptado: '0',
        microchip: chip,
      },
    });
    expect(res.ok(), await res.text()).toBe(true);

    const { context, page: visitor } = await openSecondBrowser(browser, baseURL);
    await visitor.setViewportSize({ width: 390, height: 844 });
    await visitor.goto(`/adopta/${id}`);
    await expect(visitor.getByRole('heading', { name, level: 1 })).toBeVisible();
    const badges = visitor.getByRole('list', { name: 'Salud' });
    await expect(badges.getByText('Vacunado')).toBeVisible();
    await expect(badges.getByText('Con microchip')).toBeVisible();
    await expect(badges.getByText('Esterilizado')).toHaveCount(0);
    await expect(visitor.getByText(lote)).toHaveCount(0);
    await expect(visitor.getByText(chip)).toHaveCount(0);
    await expectAccessible(visitor, '/adopta/{id} con distintivos de salud, 390 px');
    await context.close();
  });
});
