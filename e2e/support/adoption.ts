import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';
import { jpeg } from './media';
import { createPet } from './pets';

/** A published pet with a main photo (the public catalogue shows only those), created with the page's session. */
export async function createPublishedPet(page: Page, nombre: string, extra: { microchip?: string } = {}): Promise<number> {
  return createPet(page, { nombre, estado: 'publicada', mainImage: await jpeg('foto.jpg', '#d08c60'), ...extra });
}

/** An adoption application through the public endpoint, as a visitor's form sends it; answers its id. */
export async function applyForAdoption(
  request: APIRequestContext,
  mascotaId: number,
  nombre: string,
  contact: { email?: string; telefono?: string } = {},
): Promise<number> {
  const res = await request.post('/api/public/solicitudes-adopcion', {
    data: {
      mascotaId,
      nombre,
      email: contact.email ?? `${nombre.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.org`,
      telefono: contact.telefono ?? '+52 55 1234 5678',
      edad: 40,
      ciudad: 'Puebla',
      direccion: 'Av. Reforma 10',
      vivienda: 'casa',
      viviendaPropia: true,
      patio: true,
      personasEnCasa: 2,
      ninosEnCasa: 0,
      horasSolo: 2,
      motivo: 'Nos encantan los animales',
      aceptaVisita: true,
      aceptaPrivacidad: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}
