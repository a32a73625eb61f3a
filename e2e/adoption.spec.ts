import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from './support/accessibility';
import { expect, signIn, test } from './support/fixtures';

/*
 * Adoption journeys: an applicant on a phone finds a pet in the public catalogue and applies; staff review
 * the request, move it to revision with a note and approve it (pet adopted, other requests closed), after
 * which the pet leaves the public catalogue. Pets and competing applications are seeded through the API.
 */

async function createPublishedPet(page: Page, nombre: string): Promise<number> {
  const origin = new URL(page.url()).origin;
  const image = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#d08c60' } })
    .jpeg({ quality: 70 })
    .toBuffer();
  const res = await page.request.post('/phpApi/mascota/nueva', {
    headers: { origin },
    multipart: {
      nombre,
      edad: '3 años',
      tipo: 'Gato',
      genero: 'hembra',
      tamano: 'chico',
      personalidad: 'Curiosa y dormilona',
      historia: 'La encontraron en un mercado.',
      tags: JSON.stringify(['tranquila', 'mimosa']),
      estado: 'publicada',
      image: { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: image },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { id: number }).id;
}

async function applyByApi(request: APIRequestContext, mascotaId: number, nombre: string, email: string) {
  const res = await request.post('/api/public/solicitudes-adopcion', {
    data: {
      mascotaId,
      nombre,
      email,
      telefono: '+52 55 1234 5678',
      edad: 40,
      ciudad: 'Puebla',
      direccion: 'Av. Reforma 10',
      vivienda: 'casa',
      viviendaPropia: true,
      patio: true,
      personasEnCasa: 2,
      ninosEnCasa: 0,
      horasSolo: 2,
      motivo: 'Nos encantan los gatos',
      aceptaVisita: true,
      aceptaPrivacidad: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test('en un teléfono, una persona encuentra una mascota en el catálogo público y solicita adoptarla', async ({ page, browser, baseURL }) => {
  await signIn(page, 'staff');
  const nombre = `Mishi ${Date.now() % 100000}`;
  await createPublishedPet(page, nombre);

  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: 'es-ES', isMobile: true, hasTouch: true });
  const visitor = await phone.newPage();
  await visitor.goto('/adopta');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Mascotas en adopción' })).toBeVisible();
  await expectAccessible(visitor, '/adopta, 390 px');
  await visitor.getByLabel('Tipo').selectOption('Gato');
  await visitor.getByRole('searchbox', { name: 'Buscar' }).fill(nombre);
  await visitor.getByRole('link', { name: new RegExp(nombre) }).click();

  await expect(visitor.getByRole('heading', { level: 1, name: nombre })).toBeVisible();
  await expect(visitor.getByText('La encontraron en un mercado.')).toBeVisible();
  // Nothing fits a 390 px screen sideways.
  expect(await visitor.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await expectAccessible(visitor, '/adopta/{id} con el formulario de solicitud, 390 px');

  const form = visitor.getByRole('form', { name: `Solicitar la adopción de ${nombre}` });
  await form.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(form.getByText('Revisa los campos marcados antes de enviar.')).toBeVisible();
  await expect(form.getByText('Escribe tu nombre completo.')).toBeVisible();
  await expect(form.getByLabel('Nombre completo')).toBeFocused();
  await expectAccessible(visitor, '/adopta/{id}, formulario con errores, 390 px');

  await form.getByLabel('Nombre completo').fill('Lucía Fernández');
  await form.getByLabel('Correo electrónico').fill('lucia@example.com');
  await form.getByLabel('Teléfono').fill('+52 222 123 4567');
  await form.getByLabel('Edad (años)').fill('29');
  await form.getByLabel('Ciudad').fill('Puebla');
  await form.getByLabel('Dirección').fill('Calle 5 de Mayo 12');
  await form.getByRole('group', { name: 'Tipo de vivienda' }).getByLabel('Departamento').check();
  await form.getByRole('group', { name: '¿La vivienda es propia?' }).getByLabel('No').check();
  await form.getByRole('group', { name: '¿El propietario permite mascotas?' }).getByLabel('Sí').check();
  await form.getByRole('group', { name: '¿Tienes patio?' }).getByLabel('No').check();
  await form.getByLabel('Personas que viven en casa (tú incluido)').fill('2');
  await form.getByLabel('Niños que viven en casa').fill('0');
  await form.getByLabel('Horas al día que estaría sola la mascota').fill('5');
  await form.getByLabel('¿Por qué quieres adoptar?').fill('Trabajo desde casa y quiero compañía.');
  await form.getByLabel(/visite mi hogar/).check();
  await form.getByLabel(/aviso de privacidad/).check();
  await form.getByRole('button', { name: 'Enviar solicitud' }).click();

  await expect(visitor.getByRole('heading', { name: '¡Solicitud enviada!' })).toBeVisible();
  await expect(visitor.getByText(/Revisaremos tu solicitud/)).toBeVisible();
  await expectAccessible(visitor, '/adopta/{id}, solicitud enviada, 390 px');
  await phone.close();
});

test('el equipo revisa una solicitud, la aprueba y la mascota sale del catálogo público', async ({ page, baseURL }) => {
  await signIn(page, 'staff');
  const nombre = `Pelusa ${Date.now() % 100000}`;
  const petId = await createPublishedPet(page, nombre);
  await applyByApi(page.request, petId, 'Rodrigo Núñez', `rodrigo${petId}@example.com`);
  await applyByApi(page.request, petId, 'Sara Gil', `sara${petId}@example.com`);

  // Home shows the open requests of the pet and links to them.
  await page.goto(`/?q=${encodeURIComponent(nombre)}`);
  await page.getByRole('link', { name: '2 solicitudes abiertas' }).click();
  await expect(page.getByRole('heading', { name: 'Formularios de Solicitud' })).toBeVisible();
  await page.getByRole('button', { name: /^Nueva \(\d+\)$/ }).click();
  await page.getByLabel('Buscar').fill('nunez');
  await expect(page).toHaveURL(/q=nunez/);
  await expect(page.getByRole('link', { name: 'Rodrigo Núñez' })).toBeVisible();
  await expectAccessible(page, '/formularios con filtros y una solicitud nueva');
  await page.getByRole('link', { name: 'Rodrigo Núñez' }).click();

  await expect(page.getByRole('heading', { name: 'Solicitud de Rodrigo Núñez' })).toBeVisible();
  await expect(page.getByRole('link', { name: nombre })).toBeVisible();
  await expect(page.getByText('Nos encantan los gatos')).toBeVisible();
  await expectAccessible(page, '/formulario/{id}');

  await page.getByRole('button', { name: 'Pasar a revisión' }).click();
  const review = page.getByRole('dialog');
  await expect(review).toBeVisible();
  await expectAccessible(page, '/formulario/{id}, pasar a revisión');
  await review.getByLabel('Nota (opcional)').fill('Llamada hecha, todo bien.');
  await review.getByRole('button', { name: 'Pasar a revisión' }).click();
  await expect(review).toBeHidden();
  await expect(page.getByText('Nueva → En revisión')).toBeVisible();
  await expect(page.getByText('Llamada hecha, todo bien.')).toBeVisible();

  await page.getByRole('button', { name: 'Aprobar' }).click();
  const approve = page.getByRole('dialog');
  await expect(approve.getByLabel(`Marcar a ${nombre} como adoptada (deja de verse en el catálogo público)`)).toBeChecked();
  await expect(approve.getByLabel(/Cerrar la otra solicitud abierta/)).toBeChecked();
  await expectAccessible(page, '/formulario/{id}, aprobar');
  await approve.getByRole('button', { name: 'Aprobar' }).click();
  await expect(approve).toBeHidden();
  await expect(page.getByText('En revisión → Aprobada')).toBeVisible();
  await expect(page.getByText('La solicitud está cerrada')).toBeVisible();

  await page.getByRole('link', { name: nombre }).click();
  await expect(page.getByRole('row', { name: 'Adoptada Sí' })).toBeVisible();
  const requests = page.getByRole('list', { name: 'Solicitudes de adopción de la mascota' });
  await expect(requests.getByRole('listitem').filter({ hasText: 'Sara Gil' })).toContainText('Rechazada');

  // A context of its own: axe-core needs one to finish its run.
  const visitorContext = await page.context().browser()!.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/adopta/${petId}`);
  await expect(visitor.getByRole('heading', { name: 'Esta mascota ya no está disponible' })).toBeVisible();
  await expectAccessible(visitor, '/adopta/{id} de una mascota ya adoptada');
  await visitorContext.close();
});
