import {
  type ListPublicPetsResponse,
  type PublicPet,
  adoptionApplicationResultSchema,
  listPublicPetsResponseSchema,
  publicPetSchema,
  type AdoptionApplicationInput,
} from '@refugio/contracts';
import { requestJson } from '../../lib/api-client';
import { decodeFlag } from '../../lib/wire-encodings';

/** A catalogue pet as the pages use it: `discapacidad` ('0'/'1' on the wire) read once, here, as a boolean. */
export type PublicPetView = Omit<PublicPet, 'discapacidad'> & { discapacidad: boolean };
export type PublicPetListView = Omit<ListPublicPetsResponse, 'items'> & { items: PublicPetView[] };

export function decodePublicPet(pet: PublicPet): PublicPetView {
  return { ...pet, discapacidad: decodeFlag(pet.discapacidad) };
}

/** `GET /api/public/mascotas`: one page of adoptable pets. */
export async function listPublicPets(query: Record<string, string | undefined>, signal?: AbortSignal): Promise<PublicPetListView> {
  const list = listPublicPetsResponseSchema.parse(await requestJson('/api/public/mascotas', { query, signal }));
  return { ...list, items: list.items.map(decodePublicPet) };
}

/** `GET /api/public/mascotas/{id}`: one adoptable pet (404 for anything else). */
export async function getPublicPet(id: number, signal?: AbortSignal): Promise<PublicPetView> {
  return decodePublicPet(publicPetSchema.parse(await requestJson(`/api/public/mascotas/${id}`, { signal })));
}

/** `POST /api/public/solicitudes-adopcion`: answers `{ id, estado: 'nueva' }`. */
export async function submitApplication(input: AdoptionApplicationInput) {
  return adoptionApplicationResultSchema.parse(await requestJson('/api/public/solicitudes-adopcion', { json: input as Record<string, unknown> }));
}
