import { type AdoptionApplicationInput, CATALOGUE_FIRST_PAGE_ID, type ListPublicPetsResponse, type PublicPet } from '@refugio/contracts';
import { requestJson } from '../../lib/api-client';
import { decodeFlag } from '../../lib/wire-encodings';

/** A catalogue pet as the pages use it: `discapacidad` ('0'/'1' on the wire) read once, here, as a boolean. */
export type PublicPetView = Omit<PublicPet, 'discapacidad'> & { discapacidad: boolean };
export type PublicPetListView = Omit<ListPublicPetsResponse, 'items'> & { items: PublicPetView[] };

export function decodePublicPet(pet: PublicPet): PublicPetView {
  return { ...pet, discapacidad: decodeFlag(pet.discapacidad) };
}

/*
 * The answers are typed, not parsed with the contract's zod schemas: the public pages do not load zod's runtime
 * (their size budget), and these answers come from this same server, whose tests check their shape
 * against the schemas.
 */

/** A page of the catalogue as the pages use it. */
export function decodePublicPetList(list: ListPublicPetsResponse): PublicPetListView {
  return { ...list, items: list.items.map(decodePublicPet) };
}

/** `GET /api/public/mascotas`: one page of adoptable pets. */
export async function listPublicPets(query: Record<string, string | undefined>, signal?: AbortSignal): Promise<PublicPetListView> {
  return decodePublicPetList((await requestJson('/api/public/mascotas', { query, signal })) as ListPublicPetsResponse);
}

/**
 * The catalogue's first page that the server wrote into /adopta's HTML (the same answer as `GET
 * /api/public/mascotas` with no query), taken once: the element is removed, so a later visit asks the server.
 * Undefined when there is none or it cannot be read.
 */
export function takeEmbeddedFirstPage(): PublicPetListView | undefined {
  const element = document.getElementById(CATALOGUE_FIRST_PAGE_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const list = JSON.parse(element.textContent ?? '') as ListPublicPetsResponse;
    return Array.isArray(list.items) ? decodePublicPetList(list) : undefined;
  } catch {
    return undefined;
  }
}

/** `GET /api/public/mascotas/{id}`: one adoptable pet (404 for anything else). */
export async function getPublicPet(id: number, signal?: AbortSignal): Promise<PublicPetView> {
  return decodePublicPet((await requestJson(`/api/public/mascotas/${id}`, { signal })) as PublicPet);
}

/** `POST /api/public/solicitudes-adopcion`: answers `{ id, estado: 'nueva' }`. */
export async function submitApplication(input: AdoptionApplicationInput): Promise<{ id: number; estado: 'nueva' }> {
  return (await requestJson('/api/public/solicitudes-adopcion', { json: input as Record<string, unknown> })) as { id: number; estado: 'nueva' };
}
