import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import type { Payload } from './media';

/** A short suffix that keeps the names of this run apart from other runs and workers. */
export function unique(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** A microchip number no other pet of the run has (15 digits, the ISO 11784 country code of Spain first). */
export function uniqueMicrochip(): string {
  return `724${String(Date.now()).slice(-9)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
}

/** Clicks a button that opens the browser's file picker and chooses `files`, as a person would. */
export async function chooseFiles(page: Page, button: Locator, files: Payload[]) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(files);
}

/** Chooses `option` in the Mantine select labelled `label`. */
export async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

export interface NewPet {
  nombre: string;
  edad?: string;
  tipo?: string;
  genero?: string;
  personalidad?: string;
  historia?: string;
  tags?: string[];
  estado?: string;
  microchip?: string;
  /** The main image (at most 150000 bytes). */
  mainImage?: Payload;
  images?: Payload[];
  videos?: Payload[];
}

/** Creates a pet through the API with the page's session (faster than the form, for journeys that edit). */
export async function createPet(page: Page, pet: NewPet): Promise<number> {
  const origin = new URL(page.url()).origin;
  const headers = { origin };
  const res = await page.request.post('/phpApi/mascota/nueva', {
    headers,
    multipart: {
      nombre: pet.nombre,
      edad: pet.edad ?? '4 años',
      tipo: pet.tipo ?? 'Perro',
      genero: pet.genero ?? 'macho',
      tamano: 'grande',
      discapacidad: '0',
      adoptado: '0',
      fechaingreso: '2024-03-05 00:00:00',
      personalidad: pet.personalidad ?? 'Juguetón y cariñoso',
      historia: pet.historia ?? 'Llegó al refugio en invierno.',
      tags: JSON.stringify(pet.tags ?? ['juguetón', 'cariñoso']),
      ...(pet.estado ? { estado: pet.estado } : {}),
      ...(pet.microchip ? { microchip: pet.microchip } : {}),
      ...(pet.mainImage ? { image: pet.mainImage } : {}),
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { id } = (await res.json()) as { id: number };
  for (const image of pet.images ?? []) {
    const up = await page.request.post(`/phpApi/mascota/${id}/imagenes/nueva`, { headers, multipart: { file: image } });
    expect(up.ok(), await up.text()).toBe(true);
  }
  for (const video of pet.videos ?? []) {
    const up = await page.request.post(`/api/mascotas/${id}/videos`, { headers, multipart: { file: video } });
    expect(up.ok(), await up.text()).toBe(true);
  }
  return id;
}

/** Opens Editar for a pet and waits until its values are in the form. */
export async function openEdit(page: Page, id: number) {
  await page.goto(`/editar/${id}`);
  await expect(page.getByRole('heading', { name: 'Editar Mascota' })).toBeVisible();
  await expect(page.getByLabel('Nombre')).not.toHaveValue('');
}
