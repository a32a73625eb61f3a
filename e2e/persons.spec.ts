import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { createPublishedPet } from './support/adoption';
import { expect, signIn, test } from './support/fixtures';
import { unique } from './support/pets';

/*
 * People (DESIGN section 10): staff find a person, edit and save them; two applications with one e-mail and two
 * first names make two records marked as possible duplicates, which staff compare and merge field by field; and a
 * request leads to its applicant's page. At 1280 and 390 px, with axe on every screen.
 */

/** An adoption application through the public endpoint, as the catalogue's form sends it. */
async function apply(request: APIRequestContext, mascotaId: number, nombre: string, email: string, telefono: string): Promise<number> {
  const res = await request.post('/api/public/solicitudes-adopcion', {
    data: {
      mascotaId,
      nombre,
      email,
      telefono,
      edad: 40,
      ciudad: 'Bilbao',
      direccion: 'Calle Mayor 1',
      vivienda: 'departamento',
      viviendaPropia: true,
      patio: false,
      personasEnCasa: 3,
      ninosEnCasa: 1,
      horasSolo: 2,
      motivo: 'Queremos darle una casa',
      aceptaVisita: true,
      aceptaPrivacidad: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** A Spanish mobile number no other run uses (a shared phone and first name would link to an earlier run's person). */
function mobile(): string {
  return `6${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/** Two applicants of one family: one e-mail, two first names (so two persons, each a possible duplicate of the other). */
async function seedFamily(page: Page) {
  const surname = `Q${unique()}`;
  const phone = mobile();
  // One application per e-mail and pet a day: each of them applies for a different pet.
  const email = `familia.${surname.toLowerCase()}@example.org`;
  const first = await apply(page.request, await createPublishedPet(page, `Nube ${surname}`), `Marta ${surname}`, email, phone);
  await apply(page.request, await createPublishedPet(page, `Brisa ${surname}`), `Martina ${surname}`, email, mobile());
  return { surname, first, phone };
}

async function openPersons(page: Page) {
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Personas', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Personas', level: 1 })).toBeVisible();
}

test.describe('Personas', () => {
  test('find a person, edit and save, and merge a duplicate field by field (1280 px)', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, 'admin');
    const { surname } = await seedFamily(page);

    await openPersons(page);
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(surname);
    await expect(page).toHaveURL(new RegExp(`q=${surname}`));
    const table = page.getByRole('table', { name: 'Personas' });
    await expect(table.getByRole('link', { name: new RegExp(`^Marta ${surname}`) })).toBeVisible();
    await expect(table.getByRole('link', { name: new RegExp(`^Martina ${surname}`) })).toBeVisible();
    await expect(table.getByText('Posible duplicado')).toHaveCount(2);
    await page.getByRole('switch', { name: 'Posibles duplicados' }).click();
    await expect(page.getByRole('switch', { name: 'Posibles duplicados' })).toBeChecked();
    await expect(page).toHaveURL(/duplicados=true/);
    await expect(table.getByRole('link', { name: new RegExp(`^Marta ${surname}`) })).toBeVisible();
    await expectAccessible(page, 'Personas, posibles duplicados');

    await table.getByRole('link', { name: new RegExp(`^Marta ${surname}`) }).click();
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Marta`) })).toBeVisible();
    const identity = page.getByRole('form', { name: 'Datos de la persona' });
    await identity.getByRole('textbox', { name: 'Ciudad' }).fill('Getxo');
    await identity.getByRole('checkbox', { name: 'Voluntario/a' }).check();
    await identity.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText('Cambios guardados.')).toBeVisible();
    await page.reload();
    await expect(identity.getByRole('textbox', { name: 'Ciudad' })).toHaveValue('Getxo');
    await expect(page.getByRole('region', { name: 'Historial' }).getByText('Getxo', { exact: false })).toBeVisible();
    await expectAccessible(page, 'ficha de una persona');

    await page.getByRole('button', { name: new RegExp(`^Comparar con Martina ${surname}`) }).click();
    const dialog = page.getByRole('dialog', { name: /^Comparar/ });
    await expect(dialog.getByText('Mismo correo electrónico')).toBeVisible();
    const nombre = dialog.getByRole('radiogroup', { name: 'Nombre' });
    await expectAccessible(page, 'comparación de dos fichas');
    await nombre.getByRole('radio', { name: /^Martina/ }).click();
    await expect(nombre.getByRole('radio', { name: /^Martina/ })).toBeChecked();
    await dialog.getByRole('button', { name: 'Fusionar' }).click();
    await dialog.getByRole('button', { name: 'Sí, fusionar' }).click();
    await expect(page.getByText('Las dos fichas son ahora una sola.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Martina ${surname}`) })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Solicitudes de adopción de la persona' }).getByRole('listitem')).toHaveCount(2);

    await openPersons(page);
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(surname);
    await expect(table.getByRole('link', { name: new RegExp(`^Martina ${surname}`) })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
  });

  test('on a phone: find a person in the cards and open them from a request (390 px)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'staff');
    const { surname, first } = await seedFamily(page);

    await page.goto('/personas');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(surname);
    const cards = page.getByRole('list', { name: 'Personas' });
    await expect(cards.getByRole('link', { name: new RegExp(`^Marta ${surname}`) })).toBeVisible();
    await expectAccessible(page, 'Personas en el teléfono');

    await page.goto(`/formulario/${first}`);
    const personLink = page.getByRole('link', { name: new RegExp(`^Marta ${surname}`) });
    await expect(personLink).toBeVisible();
    await expectAccessible(page, 'solicitud con su persona, 390 px');

    await expect(page.getByRole('button', { name: 'WhatsApp' })).toBeEnabled();

    await personLink.click();
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Marta ${surname}`) })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Solicitud por Nube/ })).toBeVisible();
    await expectAccessible(page, 'ficha de una persona, 390 px');
  });
});
